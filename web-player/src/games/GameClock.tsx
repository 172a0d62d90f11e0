import type { Game } from '@bet/web-shell/core';

const isToday = (d: Date) => d.toDateString() === new Date().toDateString();

/** Kick-off as a bettor scans it: "19:30" today, "Tue 24 19:30" later. */
export function kickoff(iso: string): { day: string | null; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { day: null, time: '' };
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (isToday(d)) return { day: null, time };
  return { day: d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' }), time };
}

/** The status column: kick-off, the live minute, or full time. */
export function GameClock({ game }: { game: Game }) {
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
