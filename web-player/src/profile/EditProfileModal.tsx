import type { Answer } from '@bet/api-types';
import { api, errorMessage, msgOr, setUser, toast, type User } from '@bet/web-shell/core';
import { useForm } from 'react-hook-form';
import { TextField, toastErrors } from '../pages/auth';
import { Modal } from '../ui/Modal';

export function EditProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      state: user.state ?? '',
    },
  });
  const busy = formState.isSubmitting;
  const submit = toastErrors(
    (err) => msgOr(err, errorMessage(err)),
    async ({ firstName, lastName, state }: { firstName: string; lastName: string; state: string }) => {
      const { user: next } = await api.patch<Answer<'/users/profile', 'patch'>>(
        '/users/profile',
        { firstName, lastName, state },
        { silent: true },
      );
      setUser(next);
      toast.success('Profile updated successfully!');
      onClose();
    },
  );
  return (
    <Modal title="Edit Profile" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(submit)}>
        <TextField label="First Name" autoComplete="given-name" {...register('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...register('lastName')} />
        <TextField label="State" required={false} placeholder="e.g. Lagos" {...register('state')} />
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
