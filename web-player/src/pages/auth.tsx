import { msgOr, toast } from '@bet/web-shell/core';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';

/** Where the guard sent us from (remembered origin), else Home. */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string; hash?: string } } | null)
    ?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function RedirectIfSignedIn({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const to = useReturnTo();
  if (signedIn) return <Navigate to={to} replace />;
  return <>{children}</>;
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page page--narrow">
      <div className="card auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

export function SocialButtons() {
  return (
    <div className="social">
      <p className="social__or">
        <span>or continue with</span>
      </p>
      <div className="social__buttons">
        <a className="btn" href="/api/v1/auth/google">
          Sign in with Google
        </a>
        <a className="btn" href="/api/v1/auth/facebook">
          Sign in with Facebook
        </a>
      </div>
    </div>
  );
}

/**
 * A labelled input. Every other prop goes to the input itself, so react-hook-form's `register(...)`
 * (name, onChange, onBlur, ref) spreads straight onto it.
 */
export function TextField({
  label,
  type = 'text',
  required = true,
  ...input
}: { label: string } & Omit<ComponentProps<'input'>, 'id'>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} required={required} {...input} />
    </div>
  );
}

export function ShowPassword({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Show password
    </label>
  );
}

/**
 * The submit handler the forms share (pass it to react-hook-form's `handleSubmit`, whose
 * `isSubmitting` is the busy flag): `run` checks the values, toasting and returning early on a
 * problem, then makes the call; whatever it throws becomes one error toast, with the server's
 * message when there is one, else `fallback`.
 */
export function toastErrors<T>(
  fallback: string | ((err: unknown) => string),
  run: (values: T) => Promise<unknown>,
) {
  return async (values: T) => {
    try {
      await run(values);
    } catch (err) {
      toast.error(typeof fallback === 'string' ? msgOr(err, fallback) : fallback(err));
    }
  };
}

export { Link };
