import { type AuthResponse, api, signIn, toast, useSession } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard, RedirectIfSignedIn, ShowPassword, SocialButtons, TextField, toastErrors } from './auth';

const EMPTY = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export default function Register() {
  const status = useSession((s) => s.status);
  const { register, handleSubmit, formState } = useForm({ defaultValues: EMPTY });
  const [show, setShow] = useState(false);
  const busy = formState.isSubmitting;

  const submit = toastErrors('Registration failed.', async (values: typeof EMPTY) => {
    if (Object.values(values).some((v) => !v.trim())) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.password !== values.confirmPassword) {
      toast.error('Passwords do not match!');
      return;
    }
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
  });

  const pw = show ? 'text' : 'password';
  return (
    <RedirectIfSignedIn signedIn={status === 'authenticated'}>
      <AuthCard title="Register">
        <form className="form" onSubmit={handleSubmit(submit)} noValidate>
          <div className="form-row">
            <TextField label="First Name" autoComplete="given-name" {...register('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" {...register('lastName')} />
          </div>
          <TextField label="Username" autoComplete="username" {...register('username')} />
          <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
          <TextField label="Password" type={pw} autoComplete="new-password" {...register('password')} />
          <TextField
            label="Confirm Password"
            type={pw}
            autoComplete="new-password"
            {...register('confirmPassword')}
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
