import { type AuthResponse, api, signIn, toast, useSession } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, RedirectIfSignedIn, ShowPassword, SocialButtons, TextField, toastErrors } from './auth';
import { AuthMethodSwitch, PhoneSignIn } from './PhoneSignIn';

export default function Login() {
  const status = useSession((s) => s.status);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: '', password: '' } });
  const [show, setShow] = useState(false);
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const busy = formState.isSubmitting;

  const submit = toastErrors(
    'Login failed. Please check your credentials.',
    async (values: { email: string; password: string }) => {
      if (!values.email.trim() || !values.password) {
        toast.error('Please fill in both fields');
        return;
      }
      const res = await api.post<AuthResponse>(
        '/auth/login',
        { email: values.email.trim(), password: values.password },
        { silent: true },
      );
      await signIn(res, res.user);
      toast.success('Logged in successfully!');
    },
  );

  return (
    <RedirectIfSignedIn signedIn={status === 'authenticated'}>
      <AuthCard title="Login">
        <AuthMethodSwitch method={method} onChange={setMethod} />
        {method === 'phone' ? (
          <PhoneSignIn mode="login" />
        ) : (
          <form className="form" onSubmit={handleSubmit(submit)} noValidate>
            <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
            <TextField
              label="Password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              {...register('password')}
            />
            <div className="form-split">
              <ShowPassword checked={show} onChange={setShow} />
              <Link to="/forgot-password">Forgot password?</Link>
            </div>
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Logging in…' : 'Login'}
            </button>
          </form>
        )}
        <SocialButtons />
        <p className="auth-card__alt">
          Don't have an account? <Link to="/register">Register</Link>
        </p>
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
