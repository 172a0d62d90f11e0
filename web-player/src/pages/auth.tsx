import { msgOr, toast } from '@bet/web-shell/core';
import { type ComponentProps, type MouseEvent, type ReactNode, useId } from 'react';
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

/** where the page keeps the state it made before a social sign-in (this tab only) */
export const SOCIAL_STATE_KEY = 'bet.socialState';

/**
 * The browser's half of the social sign-in: a fresh random state, kept by this tab and sent
 * to the start route; the return page exchanges its one-time code only together with it, so
 * a sign-in this tab did not start cannot finish here.
 */
export function startSocialSignIn(provider: 'google' | 'facebook'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(SOCIAL_STATE_KEY, state);
  return `/api/v1/auth/${provider}?state=${state}`;
}

export function SocialButtons() {
  const go = (provider: 'google' | 'facebook') => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    window.location.assign(startSocialSignIn(provider));
  };
  return (
    <div className="social">
      <p className="social__or">
        <span>or continue with</span>
      </p>
      <div className="social__buttons">
        <a className="btn" href="/api/v1/auth/google" onClick={go('google')}>
          Sign in with Google
        </a>
        <a className="btn" href="/api/v1/auth/facebook" onClick={go('facebook')}>
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
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: ReactNode } & Omit<ComponentProps<'input'>, 'id'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The server's field errors (`errors[].path` → `msg`), so a form can show each one under its
 * own field instead of only in a toast.
 */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const body = (err as { body?: unknown } | null)?.body as { errors?: unknown } | undefined;
  const out: Record<string, string> = {};
  if (!body || !Array.isArray(body.errors)) return out;
  for (const e of body.errors as Array<{ path?: unknown; msg?: unknown }>) {
    if (typeof e?.path === 'string' && typeof e.msg === 'string' && !Object.hasOwn(out, e.path))
      out[e.path] = e.msg;
  }
  return out;
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
