import { api, errorMessage, toast } from '@bet/web-shell/core';
import { useId, useState } from 'react';
import { type BetType, isValidGameId, oddsFor, type SlipSelection } from './rules';
import { useSlip } from './store';
import type { SharedSlipAnswer } from './types';

export const MSG_SELECTIONS_ADDED = 'Selections added to your bet slip!';

/** The slip behind a share id or booking code, as selections for our slip (games still open only). */
export async function loadSharedSlip(
  code: string,
): Promise<{ betType: BetType; selections: SlipSelection[] }> {
  const data = await api.get<SharedSlipAnswer>(`/bets/share/${encodeURIComponent(code)}`, { silent: true });
  const raw = data.slip.selections;
  const selections: SlipSelection[] = [];
  for (const s of raw) {
    const g = s.gameId;
    if (!g?._id || !isValidGameId(g._id) || s.available === false) continue;
    // a 1X2 pick follows the game's odds; another market's price is the one the answer carries
    const market = s.market && s.market !== '1x2' ? s.market : undefined;
    const price = (market ? undefined : oddsFor(g.odds, s.outcome)) ?? s.odds;
    selections.push({
      gameId: g._id,
      gameDetails: { homeTeam: g.homeTeam, awayTeam: g.awayTeam, league: g.league },
      ...(market ? { market } : {}),
      outcome: s.outcome,
      odds: typeof price === 'number' ? price : Number.NaN,
    });
  }
  return { betType: data.slip.betType, selections };
}

/** "Load a booking code": a code typed in (any case, spaces and dashes ignored) fills the slip. */
export function BookingCodeLoader({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(!compact);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errId = useId();
  const addMany = useSlip((s) => s.addMany);

  if (!open) {
    return (
      <button type="button" className="link-btn slip__code-toggle" onClick={() => setOpen(true)}>
        Load a booking code
      </button>
    );
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const clean = code.replace(/[\s-]/g, '');
    if (!/^[0-9A-Za-z]{6,32}$/.test(clean)) {
      setError('Enter the 8-character booking code.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const slip = await loadSharedSlip(clean);
      if (slip.selections.length === 0) {
        setError('None of the games on this slip can be bet on any more.');
        return;
      }
      addMany(slip.selections, slip.betType);
      toast.success(MSG_SELECTIONS_ADDED);
      setCode('');
    } catch (err) {
      const msg = errorMessage(err);
      setError(/not found/i.test(msg) ? 'No slip has this booking code. Check it and try again.' : msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="booking-code" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Load a booking code</label>
      <div className="booking-code__row">
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder="7KQ2MX9P"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
        />
        <button type="submit" className="btn btn--sm" disabled={busy || code.trim() === ''}>
          {busy ? 'Loading…' : 'Load'}
        </button>
      </div>
      {error && (
        <p id={errId} className="field__error">
          {error}
        </p>
      )}
    </form>
  );
}
