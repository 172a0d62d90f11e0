import { toast } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { kickoff } from '../games/GameClock';
import { dateTime, odds as fmtOdds, money } from '../lib/format';
import { pickLabel } from '../lib/picks';
import { combinedOdds, isValidGameId, oddsFor, type SlipSelection } from '../slip/rules';
import { useSlip } from '../slip/store';
import type { SharedGame, SharedSelection, SharedSlipAnswer } from '../slip/types';
import { EmptyState, Spinner } from '../ui/common';

/** What a shared slip pays per $10, to show what it is worth at today's prices */
const EXAMPLE_STAKE = 10;

function toSlip(s: SharedSelection): SlipSelection | null {
  const game = s.gameId;
  if (!game?._id || !game.homeTeam || !game.awayTeam) return null;
  // a 1X2 pick follows the game's odds; another market's price is the one the answer carries
  const market = s.market && s.market !== '1x2' ? s.market : undefined;
  const price = (market ? undefined : oddsFor(game.odds, s.outcome)) ?? s.odds;
  return {
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league },
    ...(market ? { market } : {}),
    outcome: s.outcome,
    odds: typeof price === 'number' ? price : Number.NaN,
  };
}

function GameState({ game, available }: { game: SharedGame; available: boolean }) {
  if (game.status === 'live')
    return <span className="badge badge--live">{available ? 'Live now' : 'Started'}</span>;
  if (game.status === 'finished') return <span className="badge">Finished</span>;
  if (game.status === 'cancelled') return <span className="badge badge--cancelled">Cancelled</span>;
  const k = game.matchDate ? kickoff(game.matchDate) : null;
  return (
    <time className="muted shared-list__kickoff" dateTime={game.matchDate ?? undefined}>
      {k ? `${k.day ?? 'Today'} ${k.time}` : ''}
    </time>
  );
}

export default function SharedSlip() {
  const { shareId } = useParams();
  const navigate = useNavigate();
  const addMany = useSlip((s) => s.addMany);
  const { data, error, loading, reload } = useApi<SharedSlipAnswer>(
    shareId ? `/bets/share/${encodeURIComponent(shareId)}` : null,
  );
  const raw = data?.slip?.selections ?? [];
  const betType = data?.slip?.betType ?? 'single';
  const rows = raw
    .map((s) => ({ raw: s, sel: toSlip(s) }))
    .filter((r): r is { raw: SharedSelection; sel: SlipSelection } => r.sel !== null);
  const selections = rows.map((r) => r.sel);
  const unavailable = new Set(raw.filter((s) => s.available === false).map((s) => s.gameId?._id));
  const open = selections.filter((s) => !unavailable.has(s.gameId));
  const missing = raw.length - rows.length;
  const total = betType === 'multi' ? combinedOdds(open) : open.reduce((a, s) => a + (s.odds || 0), 0);
  const notFound = !!error && /not found/i.test(error);

  const add = () => {
    const usable = open.filter((s) => isValidGameId(s.gameId));
    if (usable.length < open.length) toast.error('This game cannot be selected due to an invalid ID.');
    if (usable.length === 0) return;
    addMany(usable, betType);
    toast.success('Selections added to your bet slip!');
    navigate('/');
  };

  return (
    <section className="page page--narrow">
      <h1>Shared Bet Slip</h1>
      {loading ? (
        <Spinner />
      ) : notFound ? (
        <div className="card empty-card">
          <p className="empty-card__title">We couldn't find this slip</p>
          <p className="muted">
            The link or booking code may be mistyped, or the slip was removed. Ask your friend to share it
            again, or build your own from today's matches.
          </p>
          <Link to="/" className="btn btn--primary">
            Browse matches
          </Link>
        </div>
      ) : error ? (
        <div className="card empty-card" role="alert">
          <p className="empty-card__title">This slip could not be loaded</p>
          <p className="muted">{error}</p>
          <button type="button" className="btn btn--primary" onClick={reload}>
            Retry
          </button>
        </div>
      ) : selections.length === 0 ? (
        <EmptyState title="This shared slip is empty">It may have expired or been removed.</EmptyState>
      ) : (
        <div className="card">
          <div className="shared__head">
            <p className="muted">
              {betType === 'multi' ? 'Multi bet' : 'Single bets'} · {selections.length} selection
              {selections.length === 1 ? '' : 's'}
            </p>
            {data?.bookingCode && (
              <p className="shared__code">
                Booking code <strong>{data.bookingCode}</strong>
              </p>
            )}
          </div>
          <ul className="shared-list">
            {rows.map(({ raw: r, sel: s }) => (
              <li
                key={s.gameId}
                className={
                  unavailable.has(s.gameId)
                    ? 'shared-list__item shared-list__item--closed'
                    : 'shared-list__item'
                }
              >
                <span className="shared-list__top">
                  <span className="shared-list__match">
                    {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
                  </span>
                  {r.gameId && <GameState game={r.gameId} available={!unavailable.has(s.gameId)} />}
                </span>
                <span>
                  {pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam, s.market)}
                  {Number.isFinite(s.odds) ? <strong> @ {fmtOdds(s.odds)}</strong> : null}
                </span>
                {r.gameId?.league && <span className="muted shared-list__league">{r.gameId.league}</span>}
                {unavailable.has(s.gameId) && (
                  <span className="shared-list__warn" role="note">
                    No longer available for betting{r.reason ? `: ${r.reason}` : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {missing > 0 && (
            <p className="muted">
              {missing} selection{missing === 1 ? '' : 's'}: Game data is unavailable
            </p>
          )}
          {open.length > 0 && (
            <dl className="slip__totals">
              {betType === 'multi' && (
                <div>
                  <dt>Total Odds</dt>
                  <dd>{fmtOdds(total)}</dd>
                </div>
              )}
              <div>
                <dt>
                  Pays for {money(EXAMPLE_STAKE)}
                  {betType === 'single' && open.length > 1 ? ' on each' : ''}
                </dt>
                <dd className="slip__payout">{money(total * EXAMPLE_STAKE)}</dd>
              </div>
            </dl>
          )}
          {open.length < selections.length && open.length > 0 && (
            <p className="muted">
              Only the games still open are added; prices are today's, checked again when you bet.
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={add}
            disabled={open.length === 0}
          >
            Add to My Bet Slip
          </button>
          <p className="muted shared__when">Prices as of {dateTime(new Date())}.</p>
        </div>
      )}
    </section>
  );
}
