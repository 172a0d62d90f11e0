import { useId } from 'react';
import { odds as fmtOdds, money } from '../lib/format';
import type { FreeBetToken } from '../promo/mine';
import { useSlip } from './store';

/** "$10.00 free bet (odds 1.80+)": how a token reads in the picker (a slip is narrow: its expiry shows below). */
export const tokenLabel = (t: FreeBetToken) => `${money(t.amount)} free bet (odds ${fmtOdds(t.minOdds)}+)`;

/**
 * "Use a free bet": the player's usable tokens (GET /promotions/mine) on a slip a token can pay
 * (one single, or a multi). Picking one makes its amount the stake.
 */
export function FreeBetPicker({ tokens, fits }: { tokens: FreeBetToken[]; fits: boolean }) {
  const id = useId();
  const freeBetId = useSlip((s) => s.freeBetId);
  const setFreeBet = useSlip((s) => s.setFreeBet);
  const picked = tokens.find((t) => t._id === freeBetId);
  return (
    <div className="field slip__freebet">
      <label htmlFor={id}>Use a free bet</label>
      <select
        id={id}
        value={fits ? (freeBetId ?? '') : ''}
        disabled={!fits}
        onChange={(e) => setFreeBet(tokens.find((t) => t._id === e.target.value) ?? null)}
      >
        <option value="">No, use my balance</option>
        {tokens.map((t) => (
          <option key={t._id} value={t._id}>
            {tokenLabel(t)}
          </option>
        ))}
      </select>
      {!fits ? (
        <p className="muted slip__hint">A free bet pays one bet: a single on one selection, or a multi.</p>
      ) : picked ? (
        <p className="slip__hint">
          Use it by{' '}
          {new Date(picked.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
        </p>
      ) : null}
    </div>
  );
}
