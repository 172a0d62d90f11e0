import { type AuthResponse, api, msgOr, signIn, toast } from '@bet/web-shell/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { serverFieldErrors, TextField } from './auth';

type Mode = 'login' | 'register';
type Field = 'phone' | 'code' | 'username' | 'termsAccepted';
interface Sent {
  phone: string;
  resendInSeconds: number;
}

/** What the start route answers (202). */
interface StartAnswer {
  msg: string;
  phone: string;
  resendInSeconds: number;
}

const PHONE_HINT = 'Nigerian numbers: 0803 123 4567 or +234 803 123 4567';
/** +234 803 123 4567 (other countries as the server gives them) */
export const displayPhone = (e164: string) => e164.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, '+234 $1 $2 $3');
const codeOf = (err: unknown) =>
  ((err as { body?: { code?: unknown } } | null)?.body?.code ?? null) as string | null;

/** "Email | Phone": how the player signs in or up. */
export function AuthMethodSwitch({
  method,
  onChange,
}: {
  method: 'email' | 'phone';
  onChange: (m: 'email' | 'phone') => void;
}) {
  return (
    <fieldset className="auth-switch">
      <legend className="visually-hidden">Sign in with</legend>
      {(['email', 'phone'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className="auth-switch__option"
          aria-pressed={method === m}
          onClick={() => onChange(m)}
        >
          {m === 'email' ? 'Email' : 'Phone'}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Phone sign-in and sign-up: the number (and, to sign up, a username and the 18+ consent),
 * then the 6-digit code from the text (POST /auth/phone/start, /auth/phone/verify). A number
 * without an account met on the Login page asks for a username there and then.
 */
export function PhoneSignIn({ mode }: { mode: Mode }) {
  const [phone, setPhone] = useState('');
  const [username, setUsername] = useState('');
  const [terms, setTerms] = useState(false);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [needsDetails, setNeedsDetails] = useState(mode === 'register');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const fail = (err: unknown, fallback: string) => {
    const fields = serverFieldErrors(err);
    setErrors(fields as Partial<Record<Field, string>>);
    toast.error(msgOr(err, fallback));
  };

  const detailsProblems = (): Partial<Record<Field, string>> => {
    const out: Partial<Record<Field, string>> = {};
    if (!needsDetails) return out;
    if (!username.trim()) out.username = 'Choose a username.';
    if (!terms) out.termsAccepted = 'Please confirm you are 18 or over and accept the terms.';
    return out;
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!phone.trim()) problems.phone = 'Enter your mobile number.';
    if (!sent) Object.assign(problems, detailsProblems());
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(Object.values(problems)[0]!);
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<StartAnswer>('/auth/phone/start', { phone: phone.trim() }, { silent: true });
      setSent({ phone: res.phone, resendInSeconds: res.resendInSeconds });
      setWait(res.resendInSeconds);
      setCode('');
      toast.success(res.msg);
    } catch (err) {
      fail(err, 'Could not send the code.');
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sent) return;
    const problems = detailsProblems();
    if (!/^\d{6}$/.test(code.trim())) problems.code = 'Enter the 6-digit code from the text.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(Object.values(problems)[0]!);
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<AuthResponse>(
        '/auth/phone/verify',
        {
          phone: sent.phone,
          code: code.trim(),
          ...(needsDetails ? { username: username.trim(), termsAccepted: true } : {}),
        },
        { silent: true },
      );
      await signIn(res, res.user);
      toast.success(res.msg);
    } catch (err) {
      if (codeOf(err) === 'signup_details_required') setNeedsDetails(true);
      fail(err, 'Could not check the code.');
    } finally {
      setBusy(false);
    }
  };

  const details = needsDetails && (
    <>
      <TextField
        label="Username"
        autoComplete="username"
        value={username}
        error={errors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <div className={errors.termsAccepted ? 'field field--invalid' : 'field'}>
        <label className="check check--top">
          <input
            type="checkbox"
            checked={terms}
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? 'phone-terms-error' : undefined}
            onChange={(e) => setTerms(e.target.checked)}
          />
          <span>
            I am 18 or older and I accept the{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              Terms &amp; Conditions
            </Link>
            .
          </span>
        </label>
        {errors.termsAccepted && (
          <p id="phone-terms-error" className="field__error">
            {errors.termsAccepted}
          </p>
        )}
      </div>
    </>
  );

  if (!sent)
    return (
      <form className="form" onSubmit={send} noValidate>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          value={phone}
          error={errors.phone}
          hint={PHONE_HINT}
          onChange={(e) => setPhone(e.target.value)}
        />
        {details}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Sending code…' : 'Send code'}
        </button>
      </form>
    );

  return (
    <form className="form" onSubmit={verify} noValidate>
      <p className="phone-sent">
        We sent a 6-digit code to <strong>{displayPhone(sent.phone)}</strong>.{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSent(null);
            setErrors({});
          }}
        >
          Change number
        </button>
      </p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        className="code-input"
        value={code}
        error={errors.code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      {/* given with the number on Register; asked here when Login met a new number, or to fix them */}
      {(mode === 'login' || errors.username || errors.termsAccepted) && details}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? 'Checking…' : needsDetails ? 'Create account' : 'Login'}
      </button>
      <p className="phone-resend">
        {wait > 0 ? (
          <span aria-live="polite">Resend code in {wait}s</span>
        ) : (
          <button type="button" className="link-button" disabled={busy} onClick={() => send()}>
            Resend code
          </button>
        )}
      </p>
    </form>
  );
}
