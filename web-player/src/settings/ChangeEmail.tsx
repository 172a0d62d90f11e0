import { api, loadCurrentUser, toast, type User } from '@bet/web-shell/core';
import { useForm } from 'react-hook-form';
import { TextField, toastErrors } from '../pages/auth';
import { clearAll } from './forms';

const EMAIL_CHANGE = { newEmail: '', currentPassword: '' };

export function ChangeEmail({ user }: { user: User }) {
  const form = useForm({ defaultValues: EMAIL_CHANGE });
  const { register, handleSubmit, formState } = form;
  const busy = formState.isSubmitting;
  const submit = toastErrors('Failed to change email.', async (values: typeof EMAIL_CHANGE) => {
    if (!values.newEmail.trim() || !values.currentPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    await api.patch(
      '/users/email',
      { newEmail: values.newEmail.trim(), currentPassword: values.currentPassword },
      { silent: true },
    );
    toast.success('Email changed successfully! Please check your inbox for verification if required.');
    clearAll(form);
    await loadCurrentUser();
  });
  return (
    <form className="card form" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="email-title">
      <h2 id="email-title" className="card__title">
        Change Email
      </h2>
      <p className="muted">Current email: {user.email}</p>
      <TextField label="New Email" type="email" autoComplete="email" {...register('newEmail')} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...register('currentPassword')}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change Email'}
        </button>
      </div>
    </form>
  );
}
