import { type Game, type Outcome, toast } from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';
import { GameAnalysisButton } from '../ai/GameAnalysisButton';
import { odds as fmtOdds } from '../lib/format';
import { MSG_ADDED, MSG_INVALID_ID, MSG_MAX_SELECTIONS, MSG_UPDATED, oddsFor } from '../slip/rules';
import { useSlip } from '../slip/store';

function TeamLogo({ src, name }: { src?: string | null; name: string }) {
  if (src) return <img className="team__logo" src={src} alt="" loading="lazy" width={20} height={20} />;
  return (
    <span className="team__logo team__logo--placeholder" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

const OUTCOMES: Array<{ outcome: Outcome; label: string; short: string }> = [
  { outcome: 'A', label: 'Home', short: '1' },
  { outcome: 'Draw', label: 'Draw', short: 'X' },
  { outcome: 'B', label: 'Away', short: '2' },
];

// One toast that each click replaces, never a stack of them over the menu and the slip.
const SLIP_TOAST = 'slip-selection';

export function selectOutcome(game: Game, outcome: Outcome): void {
  const price = oddsFor(game.odds, outcome);
  const result = useSlip.getState().toggle({
    gameId: game._id,
    gameDetails: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, league: game.league ?? null },
    outcome,
    odds: typeof price === 'number' ? price : Number.NaN,
  });
  if (result === 'added') toast.success(MSG_ADDED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'updated') toast.success(MSG_UPDATED, { id: SLIP_TOAST, duration: 1800 });
  else if (result === 'removed') toast.dismiss(SLIP_TOAST);
  else if (result === 'max') toast.error(MSG_MAX_SELECTIONS, { id: SLIP_TOAST });
  else if (result === 'invalid') toast.error(MSG_INVALID_ID, { id: SLIP_TOAST });
}

const isToday = (d: Date) => d.toDateString() === new Date().toDateString();

/** Kick-off as a bettor scans it: "19:30" today, "Tue 24 19:30" later. */
export function kickoff(iso: string): { day: string | null; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { day: null, time: '' };
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (isToday(d)) return { day: null, time };
  return { day: d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' }), time };
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

function PriceButton({
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
  return (
    <button
      type="button"
      className={`odd${move ? ` odd--${move}` : ''}`}
      aria-pressed={picked}
      aria-label={`${title}: ${label} ${suspended ? 'suspended' : fmtOdds(price)}`}
      disabled={!usable}
      onClick={() => selectOutcome(game, outcome)}
    >
      <span className="odd__label" aria-hidden="true">
        {short}
      </span>
      <span className="odd__price">
        {suspended ? (
          <span aria-hidden="true">🔒</span>
        ) : (
          <>
            {fmtOdds(price)}
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

/** The status column: kick-off, the live minute, or full time. */
function GameClock({ game }: { game: Game }) {
  if (game.status === 'live') {
    const ht = game.phase === 'HT';
    return (
      <span className="game__clock game__clock--live">
        <span className="live-dot" aria-hidden="true" />
        {ht ? 'HT' : game.elapsedTime ? `${game.elapsedTime}'` : 'Live'}
        <span className="visually-hidden"> live</span>
      </span>
    );
  }
  if (game.status === 'finished') return <span className="game__clock">FT</span>;
  if (game.status === 'cancelled') return <span className="game__clock">Off</span>;
  const k = kickoff(game.matchDate);
  return (
    <time className="game__clock" dateTime={game.matchDate}>
      {k.day && <span className="game__day">{k.day}</span>}
      {k.time}
    </time>
  );
}

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
