import { api, msgOr, toast } from '@bet/web-shell/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthCard, ShowPassword, TextField } from './auth';

export default function ResetPassword() {
  const { token } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
    setBusy(true);
    try {
      await api.post(
        `/auth/reset-password/${encodeURIComponent(token)}`,
        { password, confirmPassword },
        { silent: true },
      );
      toast.success('Password has been reset successfully!');
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(msgOr(err, 'Failed to reset password. The token may be invalid or expired.'));
    } finally {
      setBusy(false);
    }
  };

  const type = show ? 'text' : 'password';
  return (
    <AuthCard title="Reset Password">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="New Password"
          type={type}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <TextField
          label="Confirm New Password"
          type={type}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirm}
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
