import { type Game, type Outcome, toast } from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';
import { odds as fmtOdds } from '../lib/format';
import { BoostBadge, LockIcon } from '../match/MarketButton';
import { type Boost, boostedOdds, slipBoost } from '../promo/boosts';
import { useBoost } from '../promo/offers';
import { MSG_ADDED, MSG_INVALID_ID, MSG_MAX_SELECTIONS, MSG_UPDATED, oddsFor } from '../slip/rules';
import { useSlip } from '../slip/store';

const SLIP_TOAST = 'slip-selection';

function selectOutcome(game: Game, outcome: Outcome, boost: Boost | undefined): void {
  const price = oddsFor(game.odds, outcome);
  const base = typeof price === 'number' ? price : Number.NaN;
  const result = useSlip.getState().toggle({
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league ?? null },
    outcome,
    ...(boost ? { odds: boostedOdds(base, boost.rules), boost: slipBoost(boost, base) } : { odds: base }),
  });
  if (result === 'added') toast.success(MSG_ADDED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'updated') toast.success(MSG_UPDATED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'removed') toast.dismiss(SLIP_TOAST);
  else if (result === 'max') toast.error(MSG_MAX_SELECTIONS, { id: SLIP_TOAST });
  else if (result === 'invalid') toast.error(MSG_INVALID_ID, { id: SLIP_TOAST });
}

/** Remembers a price for a moment after it moves: 'up' or 'down', then null again. */
function usePriceMove(price: number | undefined): 'up' | 'down' | null {
  const last = useRef(price);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = price;
    if (typeof before !== 'number' || typeof price !== 'number' || before === price) return;
    setMove(price > before ? 'up' : 'down');
    const t = setTimeout(() => setMove(null), 2500);
    return () => clearTimeout(t);
  }, [price]);
  return move;
}

export function PriceButton({
  game,
  outcome,
  label,
  short,
  picked,
  title,
  suspended,
}: {
  game: Game;
  outcome: Outcome;
  label: string;
  short: string;
  picked: boolean;
  title: string;
  suspended: boolean;
}) {
  const price = oddsFor(game.odds, outcome);
  const move = usePriceMove(price);
  const usable = typeof price === 'number' && Number.isFinite(price) && !suspended;
  const offer = useBoost(game._id, undefined, outcome);
  // a boost shows only over a price it betters (a percent boost of a price it cannot move is none)
  const boosted = offer && typeof price === 'number' && usable ? boostedOdds(price, offer.rules) : null;
  const boost = boosted !== null && typeof price === 'number' && boosted > price ? offer : undefined;
  return (
    <button
      type="button"
      className={`odd${move ? ` odd--${move}` : ''}${boost ? ' odd--boost' : ''}`}
      aria-pressed={picked}
      aria-label={`${title}: ${label} ${
        suspended
          ? 'suspended'
          : boost
            ? `boosted from ${fmtOdds(price)} to ${fmtOdds(boosted)}`
            : fmtOdds(price)
      }`}
      disabled={!usable}
      onClick={() => selectOutcome(game, outcome, boost)}
    >
      {boost && <BoostBadge />}
      <span className="odd__label" aria-hidden="true">
        {short}
        {boost && <s className="odd__base">{fmtOdds(price)}</s>}
      </span>
      <span className="odd__price">
        {suspended ? (
          <LockIcon />
        ) : (
          <>
            {fmtOdds(boost ? boosted : price)}
            {move && (
              <span className={`odd__move odd__move--${move}`} aria-hidden="true">
                {move === 'up' ? '▲' : '▼'}
              </span>
            )}
          </>
        )}
      </span>
    </button>
  );
}
