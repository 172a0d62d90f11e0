import { type AuthResponse, api, msgOr, signIn, toast, useSession } from '@bet/web-shell/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard, RedirectIfSignedIn, ShowPassword, SocialButtons, TextField, useFormState } from './auth';

export default function Login() {
  const status = useSession((s) => s.status);
  const { values, set } = useFormState({ email: '', password: '' });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.email.trim() || !values.password) {
      toast.error('Please fill in both fields');
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<AuthResponse>(
        '/auth/login',
        { email: values.email.trim(), password: values.password },
        { silent: true },
      );
      await signIn(res, res.user);
      toast.success('Logged in successfully!');
    } catch (err) {
      toast.error(msgOr(err, 'Login failed. Please check your credentials.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RedirectIfSignedIn signedIn={status === 'authenticated'}>
      <AuthCard title="Login">
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label="Password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
          />
          <div className="form-split">
            <ShowPassword checked={show} onChange={setShow} />
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Logging in…' : 'Login'}
          </button>
        </form>
        <SocialButtons />
        <p className="auth-card__alt">
          Don't have an account? <Link to="/register">Register</Link>
        </p>
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
