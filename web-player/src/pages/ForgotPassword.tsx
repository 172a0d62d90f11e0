import { api, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, TextField } from './auth';

export const FORGOT_CONFIRMATION =
  "If an account with that email exists, we've sent a password reset link to it.";

export default function ForgotPassword() {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);
  const busy = formState.isSubmitting;

  // No error toast here, unlike the other forms: the answer is the same either way.
  const submit = async ({ email }: { email: string }) => {
    if (!email.trim()) {
      toast.error('Please enter your email address.');
      return;
    }
    try {
      await api.post('/auth/request-password-reset', { email: email.trim() }, { silent: true });
    } catch {
      /* same answer either way: never reveal whether the account exists */
    }
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
        <form className="form" onSubmit={handleSubmit(submit)} noValidate>
          <p className="muted">
            Enter your account's email and we'll send you a link to reset your password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
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
