import { type Game, type Outcome, toast } from '@bet/web-shell/core';
import { dateTime, odds as fmtOdds } from '../lib/format';
import { MSG_ADDED, MSG_INVALID_ID, MSG_MAX_SELECTIONS, MSG_UPDATED, oddsFor } from '../slip/rules';
import { useSlip } from '../slip/store';

function TeamLogo({ src, name }: { src?: string | null; name: string }) {
  if (src) return <img className="team__logo" src={src} alt="" loading="lazy" width={28} height={28} />;
  return (
    <span className="team__logo team__logo--placeholder" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

const OUTCOMES: Array<{ outcome: Outcome; label: string }> = [
  { outcome: 'A', label: 'Home' },
  { outcome: 'Draw', label: 'Draw' },
  { outcome: 'B', label: 'Away' },
];

export function selectOutcome(game: Game, outcome: Outcome): void {
  const price = oddsFor(game.odds, outcome);
  const result = useSlip.getState().toggle({
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league ?? null },
    outcome,
    odds: typeof price === 'number' ? price : Number.NaN,
  });
  if (result === 'added') toast.success(MSG_ADDED);
  else if (result === 'updated') toast.success(MSG_UPDATED);
  else if (result === 'max') toast.error(MSG_MAX_SELECTIONS);
  else if (result === 'invalid') toast.error(MSG_INVALID_ID);
}

export function GameCard({ game, onOpenDetails }: { game: Game; onOpenDetails?: (game: Game) => void }) {
  const picked = useSlip((s) => s.selections.find((x) => x.gameId === game._id)?.outcome);
  const title = `${game.homeTeam} vs ${game.awayTeam}`;
  const showScore = game.status === 'live' || game.status === 'finished';
  const canBet = (game.status === 'upcoming' || game.status === 'live') && !!game.odds;
  const body = (
    <>
      <div className="game__meta">
        {game.status === 'live' ? (
          <span className="badge badge--live">Live{game.elapsedTime ? ` ${game.elapsedTime}'` : ''}</span>
        ) : game.status === 'finished' ? (
          <span className="badge">Full time</span>
        ) : (
          <span className="badge badge--info">Upcoming</span>
        )}
        <time dateTime={game.matchDate}>{dateTime(game.matchDate)}</time>
      </div>
      <div className="game__teams">
        <span className="team">
          <TeamLogo src={game.homeTeamLogo} name={game.homeTeam} />
          <span className="team__name">{game.homeTeam}</span>
          {showScore && <span className="team__score">{game.scores?.home ?? 0}</span>}
        </span>
        <span className="team">
          <TeamLogo src={game.awayTeamLogo} name={game.awayTeam} />
          <span className="team__name">{game.awayTeam}</span>
          {showScore && <span className="team__score">{game.scores?.away ?? 0}</span>}
        </span>
      </div>
    </>
  );

  if (game.status === 'finished' && onOpenDetails) {
    return (
      <li className="game game--finished">
        <button
          type="button"
          className="game__open"
          onClick={() => onOpenDetails(game)}
          aria-label={`${title}: view match details`}
        >
          {body}
        </button>
      </li>
    );
  }
  return (
    <li className="game">
      {body}
      {canBet && (
        <fieldset className="game__odds">
          <legend className="visually-hidden">{title} odds</legend>
          {OUTCOMES.map(({ outcome, label }) => {
            const price = oddsFor(game.odds, outcome);
            return (
              <button
                key={outcome}
                type="button"
                className="odd"
                aria-pressed={picked === outcome}
                aria-label={`${title}: ${label} ${fmtOdds(price)}`}
                disabled={typeof price !== 'number' || !Number.isFinite(price)}
                onClick={() => selectOutcome(game, outcome)}
              >
                <span className="odd__label">{label}</span>
                <span className="odd__price">{fmtOdds(price)}</span>
              </button>
            );
          })}
        </fieldset>
      )}
    </li>
  );
}
