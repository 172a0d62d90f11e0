import { api, loadCurrentUser, setUser, toast, type User, useSession } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { LimitSuggestion } from '../ai/LimitSuggestion';
import { dateTime, money } from '../lib/format';
import { PlayerProtection } from '../settings/PlayerProtection';
import { ErrorText } from '../ui/common';
import { ShowPassword, TextField, toastErrors } from './auth';

/** Clears the fields without `reset()`, which would also end `isSubmitting` while the handler still runs. */
function clearAll<T extends FieldValues>(form: UseFormReturn<T>) {
  for (const name of Object.keys(form.formState.defaultValues ?? {})) form.resetField(name as Path<T>);
}

const PASSWORD_CHANGE = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

function ChangePassword() {
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

const PASSWORD_SET = { newPassword: '', confirmPassword: '' };

function SetPassword() {
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

const EMAIL_CHANGE = { newEmail: '', currentPassword: '' };

function ChangeEmail({ user }: { user: User }) {
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

function Limits() {
  const { register, handleSubmit, formState, setValue } = useForm({
    defaultValues: { count: '', stake: '' },
  });
  const [user, setLocalUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const busy = formState.isSubmitting;

  const fill = (u: User) => {
    setLocalUser(u);
    setValue('count', String(u.limits?.weeklyBetCount?.limit ?? 0));
    setValue('stake', String(u.limits?.weeklyStakeAmount?.limit ?? 0));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on mount
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<User>('/users/profile', { silent: true, signal: ctrl.signal })
      .then(fill)
      .catch(() => {
        if (!ctrl.signal.aborted) setLoadError('Could not load current limits.');
      });
    return () => ctrl.abort();
  }, []);

  const submit = toastErrors(
    'Failed to update limits.',
    async ({ count, stake }: { count: string; stake: string }) => {
      const c = Number(count);
      const s = Number(stake);
      if (count === '' || stake === '' || !Number.isFinite(c) || !Number.isFinite(s) || c < 0 || s < 0) {
        toast.error('Please enter both limits as numbers of 0 or more.');
        return;
      }
      const res = await api.post<{ user?: User; msg?: string }>(
        '/users/limits',
        { weeklyBetCountLimit: Math.floor(c), weeklyStakeAmountLimit: Math.round(s * 100) / 100 },
        { silent: true },
      );
      toast.success('Betting limits updated successfully!');
      const next = res?.user ?? (await api.get<User>('/users/profile', { silent: true }).catch(() => null));
      if (next) {
        fill(next);
        setUser(next);
      }
    },
  );

  const pendingCount = user?.limits?.weeklyBetCount?.pending;
  const pendingStake = user?.limits?.weeklyStakeAmount?.pending;
  return (
    <form className="card form" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="limits-title">
      <h2 id="limits-title" className="card__title">
        Responsible Gambling
      </h2>
      <p className="muted">
        Weekly limits on how many bets you place and how much you stake. 0 means no limit. Limits reset every
        week; a lower limit applies at once, a higher limit (or removing one) only after a cooling-off period.
      </p>
      {loadError && <ErrorText>{loadError}</ErrorText>}
      <div className="form-row">
        <TextField label="Weekly Bet Count Limit" type="number" min={0} step={1} {...register('count')} />
        <TextField
          label="Weekly Stake Amount Limit ($)"
          type="number"
          min={0}
          step={0.01}
          {...register('stake')}
        />
      </div>
      {(pendingCount || pendingStake) && (
        <ul className="limit__pending-list">
          {pendingCount && (
            <li>
              Bet count change to {pendingCount.value > 0 ? pendingCount.value : 'no limit'} takes effect{' '}
              {dateTime(pendingCount.effectiveAt)}.
            </li>
          )}
          {pendingStake && (
            <li>
              Stake limit change to {pendingStake.value > 0 ? money(pendingStake.value) : 'no limit'} takes
              effect {dateTime(pendingStake.effectiveAt)}.
            </li>
          )}
        </ul>
      )}
      <LimitSuggestion
        onApply={(count, stake) => {
          setValue('count', String(count));
          setValue('stake', String(stake));
          toast.success('Suggestion applied!');
        }}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy || !!loadError}>
          {busy ? 'Saving…' : 'Update Limits'}
        </button>
      </div>
    </form>
  );
}

export default function Settings() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <section className="page settings">
      <h1>Settings</h1>
      <div className="grid grid--2">
        {user.hasPassword === false ? <SetPassword /> : <ChangePassword />}
        <ChangeEmail user={user} />
      </div>
      <Limits />
      <PlayerProtection />
    </section>
  );
}
