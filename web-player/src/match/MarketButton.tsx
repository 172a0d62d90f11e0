import { type Game, toast } from '@bet/web-shell/core';
import { odds as fmtOdds } from '../lib/format';
import { type Boost, boostedOdds, slipBoost } from '../promo/boosts';
import { useBoost } from '../promo/offers';
import { isPick, MSG_ADDED, MSG_INVALID_ID, MSG_MAX_SELECTIONS, MSG_UPDATED } from '../slip/rules';
import { useSlip } from '../slip/store';

const SLIP_TOAST = 'slip-selection';

type GameRef = Pick<Game, '_id' | 'homeTeam' | 'awayTeam' | 'league'>;

function select(
  game: GameRef,
  market: string,
  outcome: string,
  price: number,
  boost: Boost | undefined,
): void {
  const result = useSlip.getState().toggle({
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league ?? null },
    ...(market === '1x2' ? {} : { market }),
    outcome,
    ...(boost ? { odds: boostedOdds(price, boost.rules), boost: slipBoost(boost, price) } : { odds: price }),
  });
  if (result === 'added') toast.success(MSG_ADDED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'updated') toast.success(MSG_UPDATED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'removed') toast.dismiss(SLIP_TOAST);
  else if (result === 'max') toast.error(MSG_MAX_SELECTIONS, { id: SLIP_TOAST });
  else if (result === 'invalid') toast.error(MSG_INVALID_ID, { id: SLIP_TOAST });
}

/** A padlock, drawn (an emoji would be an empty box without an emoji font). */
export function LockIcon() {
  return (
    <svg
      className="lock-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** The small "Boost" mark over a boosted price (issue 33). */
export function BoostBadge() {
  return (
    <span className="odd__badge" aria-hidden="true">
      Boost
    </span>
  );
}

/**
 * One outcome of any market, as a price button: picks it into the slip (with its market), shows
 * a lock when the market is suspended, a dash when the outcome is not offered.
 */
export function MarketButton({
  game,
  market,
  outcome,
  label,
  short,
  narrow,
  price,
  suspended,
}: {
  game: GameRef;
  market: string;
  outcome: string;
  /** what the pick reads as ("Over 2.5"), for the accessible name */
  label: string;
  /** what the button shows over its price ("Over", "Yes", "2-1") */
  short: string;
  /** what it shows instead on a narrow screen, when `short` would not fit ("1X" for "Kano or Draw") */
  narrow?: string;
  price: number | null | undefined;
  suspended: boolean;
}) {
  const picked = useSlip((s) => {
    const sel = s.selections.find((x) => x.gameId === game._id);
    return !!sel && isPick(sel, market, outcome);
  });
  const offered = typeof price === 'number' && Number.isFinite(price) && price > 1;
  const usable = offered && !suspended;
  const title = `${game.homeTeam} vs ${game.awayTeam}`;
  const offer = useBoost(game._id, market, outcome);
  const boosted = offer && usable ? boostedOdds(price, offer.rules) : null;
  const boost = boosted !== null && usable && boosted > price ? offer : undefined;
  const base = boost && usable ? <s className="odd__base">{fmtOdds(price)}</s> : null;
  return (
    <button
      type="button"
      className={`odd${suspended ? ' odd--locked' : ''}${boost ? ' odd--boost' : ''}`}
      aria-pressed={picked}
      aria-label={`${title}: ${label} ${
        suspended
          ? 'suspended'
          : !offered
            ? 'not offered'
            : boost
              ? `boosted from ${fmtOdds(price)} to ${fmtOdds(boosted)}`
              : fmtOdds(price)
      }`}
      disabled={!usable}
      onClick={() => usable && select(game, market, outcome, price, boost)}
    >
      {boost && <BoostBadge />}
      {narrow ? (
        <span className="odd__label" aria-hidden="true">
          <span className="odd__label--wide">{short}</span>
          <span className="odd__label--narrow">{narrow}</span>
          {base}
        </span>
      ) : (
        <span className="odd__label" aria-hidden="true">
          {short}
          {base}
        </span>
      )}
      <span className="odd__price">
        {suspended ? <LockIcon /> : offered ? fmtOdds(boost && boosted !== null ? boosted : price) : '–'}
      </span>
    </button>
  );
}
