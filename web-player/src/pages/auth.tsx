import { type ReactNode, useId, useState } from 'react';
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

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = true,
  placeholder,
  min,
  step,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  placeholder?: string;
  min?: number;
  step?: number | string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        required={required}
        placeholder={placeholder}
        min={min}
        step={step}
      />
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

export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set = (key: keyof T) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  return { values, set, reset: () => setValues(initial) };
}

export { Link };
