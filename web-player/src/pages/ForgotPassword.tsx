import { api, toast } from '@bet/web-shell/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard, TextField } from './auth';

export const FORGOT_CONFIRMATION =
  "If an account with that email exists, we've sent a password reset link to it.";

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      toast.error('Please enter your email address.');
      return;
    }
    setBusy(true);
    try {
      await api.post('/auth/request-password-reset', { email: email.trim() }, { silent: true });
    } catch {
      /* same answer either way: never reveal whether the account exists */
    }
    setBusy(false);
    setSent(true);
    toast.success(FORGOT_CONFIRMATION);
  };

  return (
    <AuthCard title="Forgot Password">
      {sent ? (
        <p className="alert alert--info" role="status">
          {FORGOT_CONFIRMATION}
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">
            Enter your account's email and we'll send you a link to reset your password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Sending…' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <p className="auth-card__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
