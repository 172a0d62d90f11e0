import type { Game } from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';

/** A score that just changed is marked for a moment (a goal), then quiet again. */
function useJustScored(score: string): boolean {
  const last = useRef(score);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    if (last.current === score) return;
    last.current = score;
    setFlash(true);
    const t = setTimeout(() => setFlash(false), 4000);
    return () => clearTimeout(t);
  }, [score]);
  return flash;
}

function TickerItem({ game, onOpen }: { game: Game; onOpen?: (game: Game) => void }) {
  const home = game.scores?.home ?? 0;
  const away = game.scores?.away ?? 0;
  const scored = useJustScored(`${home}-${away}`);
  const clock = game.phase === 'HT' ? 'HT' : game.elapsedTime ? `${game.elapsedTime}'` : 'Live';
  const label = `${game.homeTeam} ${home}, ${game.awayTeam} ${away}, ${clock === 'HT' ? 'half-time' : clock}`;
  return (
    <li className={scored ? 'ticker__item ticker__item--goal' : 'ticker__item'}>
      <button type="button" className="ticker__btn" aria-label={label} onClick={() => onOpen?.(game)}>
        <span className="ticker__clock">{clock}</span>
        <span className="ticker__team">{game.homeTeam}</span>
        <span className="ticker__score">
          {home}–{away}
        </span>
        <span className="ticker__team">{game.awayTeam}</span>
        {scored && <span className="ticker__goal">Goal</span>}
      </button>
    </li>
  );
}

/**
 * The live scores at a glance, above the board: every game in play with its minute (HT at
 * half-time) and score, a goal marked as it happens. A horizontally scrolling strip, not a
 * moving marquee, so it can be read and used at anyone's pace.
 */
export function LiveTicker({ games, onOpen }: { games: Game[]; onOpen?: (game: Game) => void }) {
  if (games.length === 0) return null;
  return (
    <nav className="ticker" aria-label="Live scores">
      <span className="ticker__title">
        <span className="live-dot" aria-hidden="true" /> Live
      </span>
      <ul className="ticker__list">
        {games.map((g) => (
          <TickerItem key={g._id} game={g} onOpen={onOpen} />
        ))}
      </ul>
    </nav>
  );
}
