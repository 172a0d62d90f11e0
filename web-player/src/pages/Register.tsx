import { type AuthResponse, api, signIn, toast, useSession, validationMsgOr } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  AuthCard,
  RedirectIfSignedIn,
  ShowPassword,
  SocialButtons,
  serverFieldErrors,
  TextField,
} from './auth';
import { AuthMethodSwitch, PhoneSignIn } from './PhoneSignIn';
import {
  EMPTY_REGISTRATION,
  passwordChecks,
  type RegisterValues,
  registrationErrors,
  registrationToast,
} from './registerRules';

export default function Register() {
  const status = useSession((s) => s.status);
  const { register, handleSubmit, formState, setError, clearErrors, watch } = useForm<RegisterValues>({
    defaultValues: EMPTY_REGISTRATION,
  });
  const [show, setShow] = useState(false);
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const busy = formState.isSubmitting;
  const errors = formState.errors;
  const [password, username, email] = watch(['password', 'username', 'email']);

  const submit = async (values: RegisterValues) => {
    clearErrors();
    const problems = registrationErrors(values);
    const summary = registrationToast(problems);
    if (summary) {
      for (const [name, message] of Object.entries(problems))
        setError(name as keyof RegisterValues, { type: 'client', message });
      toast.error(summary);
      return;
    }
    try {
      const res = await api.post<AuthResponse>(
        '/auth/register',
        {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          termsAccepted: true,
        },
        { silent: true },
      );
      await signIn(res, res.user);
      toast.success('Registration successful! Welcome.');
    } catch (err) {
      for (const [name, message] of Object.entries(serverFieldErrors(err)))
        if (Object.hasOwn(EMPTY_REGISTRATION, name))
          setError(name as keyof RegisterValues, { type: 'server', message });
      toast.error(validationMsgOr(err, 'Registration failed.'));
    }
  };

  const pw = show ? 'text' : 'password';
  const msg = (name: keyof RegisterValues) => errors[name]?.message;
  return (
    <RedirectIfSignedIn signedIn={status === 'authenticated'}>
      <AuthCard title="Register">
        <AuthMethodSwitch method={method} onChange={setMethod} />
        {method === 'phone' ? (
          <PhoneSignIn mode="register" />
        ) : (
          <form className="form" onSubmit={handleSubmit(submit)} noValidate>
            <div className="form-row">
              <TextField
                label="First Name"
                autoComplete="given-name"
                error={msg('firstName')}
                {...register('firstName')}
              />
              <TextField
                label="Last Name"
                autoComplete="family-name"
                error={msg('lastName')}
                {...register('lastName')}
              />
            </div>
            <TextField
              label="Username"
              autoComplete="username"
              error={msg('username')}
              {...register('username')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={msg('email')}
              {...register('email')}
            />
            <TextField
              label="Password"
              type={pw}
              autoComplete="new-password"
              error={msg('password')}
              hint={<PasswordRules password={password} username={username} email={email} />}
              {...register('password')}
            />
            <TextField
              label="Confirm Password"
              type={pw}
              autoComplete="new-password"
              error={msg('confirmPassword')}
              {...register('confirmPassword')}
            />
            <ShowPassword checked={show} onChange={setShow} />
            <div className={errors.termsAccepted ? 'field field--invalid' : 'field'}>
              <label className="check check--top">
                <input
                  type="checkbox"
                  aria-invalid={errors.termsAccepted ? true : undefined}
                  aria-describedby={errors.termsAccepted ? 'terms-error' : undefined}
                  {...register('termsAccepted')}
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
                <p id="terms-error" className="field__error">
                  {errors.termsAccepted.message}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Creating account…' : 'Register'}
            </button>
          </form>
        )}
        <SocialButtons />
        <p className="auth-card__alt">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </AuthCard>
    </RedirectIfSignedIn>
  );
}

function PasswordRules({ password, username, email }: { password: string; username: string; email: string }) {
  return (
    <ul className="rules" aria-label="Password rules">
      {passwordChecks(password, username, email).map((c) => (
        <li
          key={c.label}
          className={c.ok === null ? 'rules__item' : c.ok ? 'rules__item rules__item--ok' : 'rules__item'}
        >
          <span aria-hidden="true">{c.ok ? '✓' : '•'}</span> {c.label}
          {c.ok ? <span className="visually-hidden"> (met)</span> : null}
        </li>
      ))}
    </ul>
  );
}
