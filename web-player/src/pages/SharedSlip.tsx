import { type Odds, type Outcome, toast } from '@bet/web-shell/core';
import { useNavigate, useParams } from 'react-router-dom';
import { odds as fmtOdds, pickLabel } from '../lib/format';
import { useApi } from '../lib/useApi';
import { type BetType, isValidGameId, oddsFor, type SlipSelection } from '../slip/rules';
import { useSlip } from '../slip/store';
import { EmptyState, ErrorText, Spinner } from '../ui/common';

/** A shared game, populated under `gameId` (docs/api-conventions.md, "Shared slip"). */
interface SharedGame {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  league?: string | null;
  status?: string;
  odds?: Odds;
}

interface SharedSelection {
  /** null when the game is unknown to the server */
  gameId: SharedGame | null;
  outcome: Outcome;
  odds?: number | null;
  /** false once the game can no longer be bet on */
  available?: boolean;
}

interface SharedSlipData {
  slip: { betType?: BetType; selections?: SharedSelection[] };
}

function toSlip(s: SharedSelection): SlipSelection | null {
  const game = s.gameId;
  if (!game?._id || !game.homeTeam || !game.awayTeam) return null;
  const price = oddsFor(game.odds, s.outcome) ?? s.odds;
  return {
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league ?? null },
    outcome: s.outcome,
    odds: typeof price === 'number' ? price : Number.NaN,
  };
}

export default function SharedSlip() {
  const { shareId } = useParams();
  const navigate = useNavigate();
  const addMany = useSlip((s) => s.addMany);
  const { data, error, loading } = useApi<SharedSlipData>(
    shareId ? `/bets/share/${encodeURIComponent(shareId)}` : null,
  );
  const raw = data?.slip?.selections ?? [];
  const betType = data?.slip?.betType ?? 'single';
  const selections = raw.map(toSlip).filter((s): s is SlipSelection => s !== null);
  const unavailable = new Set(raw.filter((s) => s.available === false).map((s) => s.gameId?._id));

  const add = () => {
    const open = selections.filter((s) => !unavailable.has(s.gameId));
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
      ) : error ? (
        <ErrorText>{error}</ErrorText>
      ) : selections.length === 0 ? (
        <EmptyState title="This shared slip is empty">It may have expired or been removed.</EmptyState>
      ) : (
        <div className="card">
          <p className="muted">
            {betType === 'multi' ? 'Multi bet' : 'Single bets'} · {selections.length} selection
            {selections.length === 1 ? '' : 's'}
          </p>
          <ul className="shared-list">
            {selections.map((s) => (
              <li key={s.gameId} className="shared-list__item">
                <span className="shared-list__match">
                  {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
                </span>
                <span>
                  {pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam)}
                  {Number.isFinite(s.odds) ? <strong> @ {fmtOdds(s.odds)}</strong> : null}
                </span>
                {unavailable.has(s.gameId) && <span className="muted">No longer available for betting</span>}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={add}
            disabled={selections.every((s) => unavailable.has(s.gameId))}
          >
            Add to My Bet Slip
          </button>
        </div>
      )}
    </section>
  );
}
