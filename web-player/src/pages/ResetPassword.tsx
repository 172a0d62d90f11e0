import { api, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthCard, ShowPassword, TextField, toastErrors } from './auth';

export default function ResetPassword() {
  const { token } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [show, setShow] = useState(false);
  const busy = formState.isSubmitting;

  const submit = toastErrors(
    'Failed to reset password. The token may be invalid or expired.',
    async ({ password, confirmPassword }: { password: string; confirmPassword: string }) => {
      if (!token) {
        toast.error('Invalid or missing reset token.');
        return;
      }
      if (!password || !confirmPassword) {
        toast.error('Please fill in both fields');
        return;
      }
      if (password !== confirmPassword) {
        toast.error('Passwords do not match.');
        return;
      }
      await api.post(
        `/auth/reset-password/${encodeURIComponent(token)}`,
        { password, confirmPassword },
        { silent: true },
      );
      toast.success('Password has been reset successfully!');
      navigate('/login', { replace: true });
    },
  );

  const type = show ? 'text' : 'password';
  return (
    <AuthCard title="Reset Password">
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <TextField label="New Password" type={type} autoComplete="new-password" {...register('password')} />
        <TextField
          label="Confirm New Password"
          type={type}
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <ShowPassword checked={show} onChange={setShow} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Resetting…' : 'Reset Password'}
        </button>
      </form>
      <p className="auth-card__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
