import { api, loadCurrentUser, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ShowPassword, TextField, toastErrors } from '../pages/auth';
import { clearAll } from './forms';

const PASSWORD_SET = { newPassword: '', confirmPassword: '' };

export function SetPassword() {
  const form = useForm({ defaultValues: PASSWORD_SET });
  const { register, handleSubmit, formState } = form;
  const [show, setShow] = useState(false);
  const busy = formState.isSubmitting;
  const submit = toastErrors('Failed to set password.', async (values: typeof PASSWORD_SET) => {
    if (!values.newPassword || !values.confirmPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      toast.error('Passwords do not match.');
      return;
    }
    await api.post('/users/set-password', values, { silent: true });
    toast.success('Password has been set successfully!');
    clearAll(form);
    await loadCurrentUser();
  });
  const type = show ? 'text' : 'password';
  return (
    <form className="card form" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="setpw-title">
      <h2 id="setpw-title" className="card__title">
        Set Account Password
      </h2>
      <p className="muted">
        You signed up with Google or Facebook. Set a password to also log in with your email.
      </p>
      <TextField label="New Password" type={type} autoComplete="new-password" {...register('newPassword')} />
      <TextField
        label="Confirm Password"
        type={type}
        autoComplete="new-password"
        {...register('confirmPassword')}
      />
      <ShowPassword checked={show} onChange={setShow} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Set Password'}
        </button>
      </div>
    </form>
  );
}
