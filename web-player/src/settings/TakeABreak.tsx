import { toast } from '@bet/web-shell/core';
import { useConfirm } from '@bet/web-shell/ui';
import { useState } from 'react';
import { dateTime } from '../lib/format';
import type { CardProps } from './card-props';
import { activeExclusion, SELF_EXCLUSIONS, saveProtection, TIME_OUTS } from './protection';

export function TakeABreak({ view, onSaved }: CardProps) {
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
