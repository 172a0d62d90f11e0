import { toast } from '@bet/web-shell/core';
import { useState } from 'react';
import type { CardProps } from './card-props';
import { REALITY_CHECKS, saveProtection } from './protection';

export function RealityCheck({ view, onSaved }: CardProps) {
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
