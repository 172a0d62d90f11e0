import { api, loadCurrentUser, msgOr, setUser, toast, type User, useSession } from '@bet/web-shell/core';
import { type FormEvent, useEffect, useState } from 'react';
import { dateTime, money } from '../lib/format';
import { ErrorText } from '../ui/common';
import { ShowPassword, TextField, useFormState } from './auth';

function ChangePassword() {
  const { values, set, reset } = useFormState({
    currentPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.currentPassword || !values.newPassword || !values.confirmNewPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.newPassword !== values.confirmNewPassword) {
      toast.error('New passwords do not match.');
      return;
    }
    setBusy(true);
    try {
      await api.patch('/users/password', values, { silent: true });
      toast.success('Password changed successfully!');
      reset();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to change password.'));
    } finally {
      setBusy(false);
    }
  };
  const type = show ? 'text' : 'password';
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="pw-title">
      <h2 id="pw-title" className="card__title">
        Change Password
      </h2>
      <TextField
        label="Current Password"
        type={type}
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
      />
      <TextField
        label="New Password"
        type={type}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
      />
      <TextField
        label="Confirm New Password"
        type={type}
        autoComplete="new-password"
        value={values.confirmNewPassword}
        onChange={set('confirmNewPassword')}
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

function SetPassword() {
  const { values, set, reset } = useFormState({ newPassword: '', confirmPassword: '' });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.newPassword || !values.confirmPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      toast.error('Passwords do not match.');
      return;
    }
    setBusy(true);
    try {
      await api.post('/users/set-password', values, { silent: true });
      toast.success('Password has been set successfully!');
      reset();
      await loadCurrentUser();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to set password.'));
    } finally {
      setBusy(false);
    }
  };
  const type = show ? 'text' : 'password';
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="setpw-title">
      <h2 id="setpw-title" className="card__title">
        Set Account Password
      </h2>
      <p className="muted">
        You signed up with Google or Facebook. Set a password to also log in with your email.
      </p>
      <TextField
        label="New Password"
        type={type}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
      />
      <TextField
        label="Confirm Password"
        type={type}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
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

function ChangeEmail({ user }: { user: User }) {
  const { values, set, reset } = useFormState({ newEmail: '', currentPassword: '' });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.newEmail.trim() || !values.currentPassword) {
      toast.error('Please fill in all fields.');
      return;
    }
    setBusy(true);
    try {
      await api.patch(
        '/users/email',
        { newEmail: values.newEmail.trim(), currentPassword: values.currentPassword },
        { silent: true },
      );
      toast.success('Email changed successfully! Please check your inbox for verification if required.');
      reset();
      await loadCurrentUser();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to change email.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="email-title">
      <h2 id="email-title" className="card__title">
        Change Email
      </h2>
      <p className="muted">Current email: {user.email}</p>
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        value={values.newEmail}
        onChange={set('newEmail')}
      />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
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
  const [count, setCount] = useState('');
  const [stake, setStake] = useState('');
  const [user, setLocalUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fill = (u: User) => {
    setLocalUser(u);
    setCount(String(u.limits?.weeklyBetCount?.limit ?? 0));
    setStake(String(u.limits?.weeklyStakeAmount?.limit ?? 0));
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = Number(count);
    const s = Number(stake);
    if (count === '' || stake === '' || !Number.isFinite(c) || !Number.isFinite(s) || c < 0 || s < 0) {
      toast.error('Please enter both limits as numbers of 0 or more.');
      return;
    }
    setBusy(true);
    try {
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
    } catch (err) {
      toast.error(msgOr(err, 'Failed to update limits.'));
    } finally {
      setBusy(false);
    }
  };

  const pendingCount = user?.limits?.weeklyBetCount?.pending;
  const pendingStake = user?.limits?.weeklyStakeAmount?.pending;
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="limits-title">
      <h2 id="limits-title" className="card__title">
        Responsible Gambling
      </h2>
      <p className="muted">
        Weekly limits on how many bets you place and how much you stake. 0 means no limit. Limits reset every
        week; a lower limit applies at once, a higher limit (or removing one) only after a cooling-off period.
      </p>
      {loadError && <ErrorText>{loadError}</ErrorText>}
      <div className="form-row">
        <TextField
          label="Weekly Bet Count Limit"
          type="number"
          min={0}
          step={1}
          value={count}
          onChange={setCount}
        />
        <TextField
          label="Weekly Stake Amount Limit ($)"
          type="number"
          min={0}
          step={0.01}
          value={stake}
          onChange={setStake}
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
    </section>
  );
}
