import type { Answer } from '@bet/api-types';
import { api, currencySymbol, setUser, toast, type User } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LimitSuggestion } from '../ai/LimitSuggestion';
import { dateTime, money } from '../lib/format';
import { TextField, toastErrors } from '../pages/auth';
import { ErrorText } from '../ui/common';

export function Limits() {
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
      .get<Answer<'/users/profile'>>('/users/profile', { silent: true, signal: ctrl.signal })
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
      const res = await api.post<Answer<'/users/limits', 'post'>>(
        '/users/limits',
        { weeklyBetCountLimit: Math.floor(c), weeklyStakeAmountLimit: Math.round(s * 100) / 100 },
        { silent: true },
      );
      toast.success('Betting limits updated successfully!');
      fill(res.user);
      setUser(res.user);
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
          label={`Weekly Stake Amount Limit (${currencySymbol()})`}
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
