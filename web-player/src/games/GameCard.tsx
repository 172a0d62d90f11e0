import type { Game, Outcome } from '@bet/web-shell/core';
import { GameAnalysisButton } from '../ai/GameAnalysisButton';
import { oddsFor } from '../slip/rules';
import { useSlip } from '../slip/store';
import { GameClock } from './GameClock';
import { PriceButton } from './PriceButton';
import { TeamLogo } from './TeamLogo';

const OUTCOMES: Array<{ outcome: Outcome; label: string; short: string }> = [
  { outcome: 'A', label: 'Home', short: '1' },
  { outcome: 'Draw', label: 'Draw', short: 'X' },
  { outcome: 'B', label: 'Away', short: '2' },
];

// One toast that each click replaces, never a stack of them over the menu and the slip.

/** One compact row per match: clock, teams (and score), and the 1 X 2 prices. */
export function GameCard({ game, onOpenDetails }: { game: Game; onOpenDetails?: (game: Game) => void }) {
  const picked = useSlip((s) => s.selections.find((x) => x.gameId === game._id)?.outcome);
  const title = `${game.homeTeam} vs ${game.awayTeam}`;
  const showScore = game.status === 'live' || game.status === 'finished';
  const canBet = (game.status === 'upcoming' || game.status === 'live') && !!game.odds;
  const suspended =
    game.suspended === true ||
    (game.status === 'live' &&
      !OUTCOMES.some(({ outcome }) => {
        const p = oddsFor(game.odds, outcome);
        return typeof p === 'number' && Number.isFinite(p) && p > 1;
      }));
  const body = (
    <>
      {game.status === 'upcoming' || game.status === 'live' ? (
        <span className="game__when">
          <GameClock game={game} />
          <GameAnalysisButton game={game} />
        </span>
      ) : (
        <GameClock game={game} />
      )}
      <span className="game__teams">
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
      </span>
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
          <span className="game__more" aria-hidden="true">
            ›
          </span>
        </button>
      </li>
    );
  }
  return (
    <li className={game.status === 'live' ? 'game game--live' : 'game'}>
      {body}
      {canBet ? (
        <fieldset className="game__odds">
          <legend className="visually-hidden">{title} odds</legend>
          {OUTCOMES.map(({ outcome, label, short }) => (
            <PriceButton
              key={outcome}
              game={game}
              outcome={outcome}
              label={label}
              short={short}
              title={title}
              picked={picked === outcome}
              suspended={suspended}
            />
          ))}
        </fieldset>
      ) : (
        <span className="game__odds game__odds--none muted">
          {game.status === 'finished' ? 'Full time' : ''}
        </span>
      )}
    </li>
  );
}
