import { api, toast } from '@bet/web-shell/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ShowPassword, TextField, toastErrors } from '../pages/auth';
import { clearAll } from './forms';

const PASSWORD_CHANGE = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

export function ChangePassword() {
  const form = useForm({ defaultValues: PASSWORD_CHANGE });
  const { register, handleSubmit, formState } = form;
  const [show, setShow] = useState(false);
  const busy = formState.isSubmitting;
  const submit = toastErrors('Failed to change password.', async (values: typeof PASSWORD_CHANGE) => {
    if (!values.currentPassword || !values.newPassword || !values.confirmNewPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.newPassword !== values.confirmNewPassword) {
      toast.error('New passwords do not match.');
      return;
    }
    await api.patch('/users/password', values, { silent: true });
    toast.success('Password changed successfully!');
    clearAll(form);
  });
  const type = show ? 'text' : 'password';
  return (
    <form className="card form" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title" className="card__title">
        Change Password
      </h2>
      <TextField
        label="Current Password"
        type={type}
        autoComplete="current-password"
        {...register('currentPassword')}
      />
      <TextField label="New Password" type={type} autoComplete="new-password" {...register('newPassword')} />
      <TextField
        label="Confirm New Password"
        type={type}
        autoComplete="new-password"
        {...register('confirmNewPassword')}
      />
      <ShowPassword checked={show} onChange={setShow} />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
