import { api, toast } from '@bet/web-shell/core';
import { ErrorText, useConfirm } from '@bet/web-shell/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { dateTime, money } from '../lib/format';
import { TextField, toastErrors } from '../pages/auth';
import {
  activeExclusion,
  isProtectionView,
  type Limit,
  type ProtectionView,
  REALITY_CHECKS,
  SELF_EXCLUSIONS,
  saveProtection,
  TIME_OUTS,
} from './protection';

/**
 * Player protection beyond the weekly limits: a break nobody can cut short, deposit limits,
 * and the reality check. The server enforces all of it; this page only asks.
 */
export function PlayerProtection() {
  const [view, setView] = useState<ProtectionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reloads
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    api
      .get<ProtectionView>('/users/protection', { silent: true, signal: ctrl.signal })
      .then((v) => {
        // a malformed answer must not take the whole Settings page down with it
        if (isProtectionView(v)) setView(v);
        else setError('Could not load your protection settings.');
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setError('Could not load your protection settings.');
      });
    return () => ctrl.abort();
  }, [tick]);

  if (error) return <ErrorText onRetry={() => setTick((t) => t + 1)}>{error}</ErrorText>;
  if (!view) return null;
  return (
    <div className="grid grid--2 protection">
      <TakeABreak view={view} onSaved={setView} />
      <div className="protection__side">
        <DepositLimits view={view} onSaved={setView} />
        <RealityCheck view={view} onSaved={setView} />
      </div>
    </div>
  );
}

type CardProps = { view: ProtectionView; onSaved: (v: ProtectionView) => void };

function TakeABreak({ view, onSaved }: CardProps) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const running = activeExclusion(view);
  const take = async (kind: 'time_out' | 'self_exclusion', period: string, label: string) => {
    const self = kind === 'self_exclusion';
    const ok = await confirm({
      title: self ? `Self-exclude for ${label}?` : `Take a ${label} break?`,
      message: `You will not be able to bet, play Aviator or deposit for ${label}. This cannot be undone or shortened, by you or by us. You can still sign in and withdraw your balance.`,
      confirmLabel: self ? 'Self-exclude' : 'Start break',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const res = await saveProtection('break', { kind, period });
      onSaved(res.protection);
      toast.success(res.msg);
    } catch (err) {
      toast.error((err as Error).message || 'Could not start the break.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card protection__break" aria-labelledby="break-title">
      <h2 id="break-title" className="card__title">
        Take a Break
      </h2>
      {running ? (
        <p className="alert alert--warning" role="status">
          {running.kind === 'self_exclusion' ? 'You are self-excluded' : 'You are on a time-out'} until{' '}
          <strong>{dateTime(running.until)}</strong>. Betting, Aviator and deposits are closed; withdrawals
          stay open. You can make the break longer, not shorter.
        </p>
      ) : (
        <p className="muted">
          Step away for a while. During a break you cannot bet, play Aviator or deposit, and nobody can lift
          it early. You can always withdraw.
        </p>
      )}
      <h3 className="protection__subtitle">Time-out</h3>
      <div className="chip-row">
        {TIME_OUTS.map((t) => (
          <button
            key={t.period}
            type="button"
            className="btn btn--sm"
            disabled={busy}
            onClick={() => take('time_out', t.period, t.label)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <h3 className="protection__subtitle">Self-exclusion</h3>
      <p className="muted protection__note">For a longer stop. If you need help, see the Support page.</p>
      <div className="chip-row">
        {SELF_EXCLUSIONS.map((t) => (
          <button
            key={t.period}
            type="button"
            className="btn btn--sm btn--danger-outline"
            disabled={busy}
            onClick={() => take('self_exclusion', t.period, t.label)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {dialog}
    </section>
  );
}

const WINDOWS = [
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly'],
] as const;

function DepositLimits({ view, onSaved }: CardProps) {
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
        In dollars per calendar day, week and month. 0 means no limit; raising one waits out a cooling-off.
      </p>
      <div className="form-row form-row--3">
        {WINDOWS.map(([key, label]) => (
          <TextField key={key} label={`${label} ($)`} type="number" min={0} step={0.01} {...register(key)} />
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

function RealityCheck({ view, onSaved }: CardProps) {
  const [busy, setBusy] = useState(false);
  const change = async (minutes: number) => {
    setBusy(true);
    try {
      const res = await saveProtection('reality-check', { minutes });
      onSaved(res.protection);
      toast.success(res.msg);
    } catch (err) {
      toast.error((err as Error).message || 'Could not change the reality check.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card form" aria-labelledby="reality-title">
      <h2 id="reality-title" className="card__title">
        Reality Check
      </h2>
      <p className="muted">
        A reminder of how long you have played and your result, at the interval you choose.
      </p>
      <div className="field">
        <label htmlFor="reality-minutes">Remind me every</label>
        <select
          id="reality-minutes"
          value={view.realityCheckMinutes}
          disabled={busy}
          onChange={(e) => void change(Number(e.target.value))}
        >
          {REALITY_CHECKS.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? 'Off' : `${m} minutes`}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
