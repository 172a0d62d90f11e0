import { type AuthResponse, api, msgOr, signIn, toast, useSession } from '@bet/web-shell/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard, RedirectIfSignedIn, ShowPassword, SocialButtons, TextField, useFormState } from './auth';

export default function Register() {
  const status = useSession((s) => s.status);
  const { values, set } = useFormState({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(values).some((v) => !v.trim())) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.password !== values.confirmPassword) {
      toast.error('Passwords do not match!');
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<AuthResponse>(
        '/auth/register',
        {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        },
        { silent: true },
      );
      await signIn(res, res.user);
      toast.success('Registration successful! Welcome.');
    } catch (err) {
      toast.error(msgOr(err, 'Registration failed.'));
    } finally {
      setBusy(false);
    }
  };

  const pw = show ? 'text' : 'password';
  return (
    <RedirectIfSignedIn signedIn={status === 'authenticated'}>
      <AuthCard title="Register">
        <form className="form" onSubmit={submit} noValidate>
          <div className="form-row">
            <TextField
              label="First Name"
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
            />
          </div>
          <TextField
            label="Username"
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label="Password"
            type={pw}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
          <TextField
            label="Confirm Password"
            type={pw}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <ShowPassword checked={show} onChange={setShow} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Creating account…' : 'Register'}
          </button>
        </form>
        <SocialButtons />
        <p className="auth-card__alt">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
