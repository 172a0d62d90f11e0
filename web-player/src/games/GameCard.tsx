import { MARKETS, selectionLabel } from '@bet/proto-events/markets';
import type { Game, Outcome } from '@bet/web-shell/core';
import { Link } from 'react-router-dom';
import { GameAnalysisButton } from '../ai/GameAnalysisButton';
import { MarketButton } from '../match/MarketButton';
import { type BOARD_MARKET_KEYS, marketOf, useGameMarkets } from '../match/marketsStore';
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

/** The markets the board shows beside 1X2, as columns (the rest are on the match page). */
const BOARD_MARKETS: Array<{
  key: (typeof BOARD_MARKET_KEYS)[number];
  name: string;
  outcomes: Array<{ code: string; short: string }>;
}> = [
  {
    key: 'ou_2.5',
    name: 'Over/Under 2.5',
    outcomes: [
      { code: 'over', short: 'Over' },
      { code: 'under', short: 'Under' },
    ],
  },
  {
    key: 'btts',
    name: 'Both teams to score',
    outcomes: [
      { code: 'yes', short: 'Yes' },
      { code: 'no', short: 'No' },
    ],
  },
];

/** The board's other columns: Over/Under 2.5 and BTTS, locked while their market is suspended. */
function BoardMarkets({ game, title }: { game: Game; title: string }) {
  const markets = useGameMarkets(game._id, 'board');
  const teams = { home: game.homeTeam, away: game.awayTeam };
  return (
    <span className="game__markets">
      {BOARD_MARKETS.map((m) => {
        const view = marketOf(markets, m.key);
        return (
          <fieldset key={m.key} className="game__market">
            <legend className="visually-hidden">
              {title} {m.name}
            </legend>
            {m.outcomes.map((o) => (
              <MarketButton
                key={o.code}
                game={game}
                market={m.key}
                outcome={o.code}
                label={selectionLabel(m.key, o.code, teams)}
                short={o.short}
                price={view?.outcomes.find((x) => x.code === o.code)?.odds}
                suspended={game.suspended === true || view?.status === 'suspended'}
              />
            ))}
          </fieldset>
        );
      })}
    </span>
  );
}

/** "+N": how many more markets the match page has than the board shows. */
function MoreMarkets({ game }: { game: Game }) {
  // every game lists the whole catalogue (a market not offered has no prices)
  const n = MARKETS.length - 1 - BOARD_MARKETS.length;
  return (
    <Link
      className="game__more-markets"
      to={`/match/${game._id}`}
      aria-label={`${game.homeTeam} vs ${game.awayTeam}: ${n} more markets`}
    >
      +{n}
    </Link>
  );
}

/**
 * One compact row per match: clock, teams (and score), the 1 X 2 prices, Over/Under 2.5 and
 * BTTS, and a link to the match page. A finished row is a link to its match page.
 */
export function GameCard({ game }: { game: Game; onOpenDetails?: (game: Game) => void }) {
  const picked = useSlip((s) => {
    const sel = s.selections.find((x) => x.gameId === game._id);
    return sel && !sel.market ? sel.outcome : undefined;
  });
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
          <MoreMarkets game={game} />
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

  if (game.status === 'finished' || game.status === 'cancelled') {
    return (
      <li className="game game--finished">
        <Link className="game__open" to={`/match/${game._id}`} aria-label={`${title}: view match details`}>
          {body}
          <span className="game__more" aria-hidden="true">
            ›
          </span>
        </Link>
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
      ) : null}
      {canBet ? (
        <BoardMarkets game={game} title={title} />
      ) : (
        <span className="game__odds game__odds--none muted" />
      )}
    </li>
  );
}
