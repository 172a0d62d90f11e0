import { currencyName, currencySymbol, toast } from '@bet/web-shell/core';
import { useForm } from 'react-hook-form';
import { dateTime, money } from '../lib/format';
import { TextField, toastErrors } from '../pages/auth';
import type { CardProps } from './card-props';
import { type Limit, saveProtection } from './protection';

const WINDOWS = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly'],
] as const;

export function DepositLimits({ view, onSaved }: CardProps) {
  const d = view.depositLimits;
  const { register, handleSubmit, formState } = useForm({
    defaultValues: {
      daily: String(d.daily.limit),
      weekly: String(d.weekly.limit),
      monthly: String(d.monthly.limit),
    },
  });
  const submit = toastErrors(
    'Failed to update deposit limits.',
    async (v: Record<(typeof WINDOWS)[number][0], string>) => {
      const body: Record<string, number> = {};
      for (const [key] of WINDOWS) {
        const n = Number(v[key]);
        if (v[key].trim() === '' || !Number.isFinite(n) || n < 0) {
          toast.error('Please enter each limit as an amount of 0 or more.');
          return;
        }
        body[key] = Math.round(n * 100) / 100;
      }
      const res = await saveProtection('deposit-limits', body);
      onSaved(res.protection);
      toast.success(res.msg);
    },
  );
  const pending = WINDOWS.filter(([k]) => d[k].pending) as Array<[keyof typeof d, string]>;
  return (
    <form
      className="card form"
      onSubmit={handleSubmit(submit)}
      noValidate
      aria-labelledby="deposit-limits-title"
    >
      <h2 id="deposit-limits-title" className="card__title">
        Deposit Limits
      </h2>
      <p className="muted">
        In {currencyName()} per calendar day, week and month. 0 means no limit; raising one waits out a
        cooling-off.
      </p>
      <div className="form-row form-row--3">
        {WINDOWS.map(([key, label]) => (
          <TextField
            key={key}
            label={`${label} (${currencySymbol()})`}
            type="number"
            min={0}
            step={0.01}
            {...register(key)}
          />
        ))}
      </div>
      {pending.length > 0 && (
        <ul className="limit__pending-list">
          {pending.map(([k, label]) => {
            const p = (d[k] as Limit).pending!;
            return (
              <li key={k}>
                {label} limit change to {p.value > 0 ? money(p.value) : 'no limit'} takes effect{' '}
                {dateTime(p.effectiveAt)}.
              </li>
            );
          })}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Update Deposit Limits'}
        </button>
      </div>
    </form>
  );
}
