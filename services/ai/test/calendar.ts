import type { GameFacts, GameStatus } from '../src/domain/types';

/**
 * A fixed calendar for unit tests and the search benchmark. "Now" is Friday 20 November
 * 2026, 10:00 UTC (11:00 in Lagos, UTC+1); results before it, one game live, fixtures after.
 */
export const NOW = new Date('2026-11-20T10:00:00Z');
export const OFFSET = 60;

let n = 0;
const id = () => (++n).toString(16).padStart(24, '0');

function g(
  homeTeam: string,
  awayTeam: string,
  league: string,
  at: string,
  status: GameStatus,
  scores: [number, number] = [0, 0],
  odds: [number, number, number] = [2.1, 3.3, 3.4],
  elapsedTime: number | null = null,
): GameFacts {
  const [h, a] = scores;
  return {
    id: id(),
    homeTeam,
    awayTeam,
    league,
    matchDate: new Date(at),
    status,
    scores: { home: h, away: a },
    elapsedTime,
    odds: { home: odds[0], draw: odds[1], away: odds[2] },
    result: status === 'finished' ? (h > a ? 'A' : h < a ? 'B' : 'Draw') : null,
    oddsVersion: 1,
  };
}

const PL = 'Premier League';
const LL = 'La Liga';
const SA = 'Serie A';
const NP = 'Nigeria Premier Football League';
const GH = 'Ghana Premier League';
const BL = 'Bundesliga';

export const CALENDAR: GameFacts[] = [
  // ── past results (Sat 14 → Thu 19) ──
  g('Arsenal', 'Chelsea', PL, '2026-11-14T15:00:00Z', 'finished', [2, 0], [1.9, 3.5, 4.0]),
  g('Liverpool', 'Manchester City', PL, '2026-11-14T17:30:00Z', 'finished', [1, 1], [2.4, 3.4, 2.8]),
  g('Tottenham', 'Manchester United', PL, '2026-11-15T14:00:00Z', 'finished', [3, 1], [2.2, 3.5, 3.1]),
  g('Newcastle', 'Aston Villa', PL, '2026-11-15T16:30:00Z', 'finished', [0, 1], [2.0, 3.4, 3.6]),
  g('Real Madrid', 'Sevilla', LL, '2026-11-15T20:00:00Z', 'finished', [3, 0], [1.4, 4.8, 7.5]),
  g('Barcelona', 'Atletico Madrid', LL, '2026-11-16T20:00:00Z', 'finished', [2, 2], [1.9, 3.6, 3.9]),
  g('Enyimba', 'Kano Pillars', NP, '2026-11-16T15:00:00Z', 'finished', [2, 1], [1.8, 3.2, 4.4]),
  g('Rivers United', 'Remo Stars', NP, '2026-11-16T15:00:00Z', 'finished', [1, 0], [2.0, 3.1, 3.8]),
  g('Juventus', 'Inter', SA, '2026-11-17T19:45:00Z', 'finished', [0, 0], [2.6, 3.1, 2.8]),
  g('Hearts of Oak', 'Asante Kotoko', GH, '2026-11-17T15:00:00Z', 'finished', [1, 2], [2.5, 3.0, 2.9]),
  g('Chelsea', 'Liverpool', PL, '2026-11-18T19:30:00Z', 'finished', [1, 3], [2.9, 3.5, 2.3]),
  g('Manchester City', 'Arsenal', PL, '2026-11-18T20:00:00Z', 'finished', [1, 2], [1.9, 3.6, 3.9]),
  g('Bayern Munich', 'Borussia Dortmund', BL, '2026-11-18T19:30:00Z', 'finished', [4, 1], [1.5, 4.5, 5.5]),
  g('Kano Pillars', 'Rivers United', NP, '2026-11-19T15:00:00Z', 'finished', [0, 0], [2.3, 3.0, 3.2]),
  g('Enugu Rangers', 'Enyimba', NP, '2026-11-19T15:00:00Z', 'finished', [1, 1], [2.4, 3.1, 2.9]),
  g('Sevilla', 'Barcelona', LL, '2026-11-19T20:00:00Z', 'finished', [0, 2], [4.2, 3.7, 1.8]),
  g('Aston Villa', 'Tottenham', PL, '2026-11-19T19:45:00Z', 'finished', [2, 2], [2.3, 3.5, 3.0]),
  // ── today, Friday 20 ──
  g('Remo Stars', 'Enugu Rangers', NP, '2026-11-20T07:00:00Z', 'finished', [3, 2], [2.1, 3.1, 3.4]),
  g('Plateau United', 'Shooting Stars', NP, '2026-11-20T09:15:00Z', 'live', [1, 0], [1.6, 3.6, 5.5], 40),
  g('Asante Kotoko', 'Accra Lions', GH, '2026-11-20T09:30:00Z', 'live', [0, 0], [2.2, 2.9, 3.6], 27),
  g('Enyimba', 'Rivers United', NP, '2026-11-20T15:00:00Z', 'upcoming', [0, 0], [2.1, 3.2, 3.6]),
  g('Real Betis', 'Valencia', LL, '2026-11-20T20:00:00Z', 'upcoming', [0, 0], [2.0, 3.4, 3.8]),
  g('Atletico Madrid', 'Real Sociedad', LL, '2026-11-20T17:30:00Z', 'upcoming', [0, 0], [1.7, 3.7, 5.0]),
  g('Bournemouth', 'Fulham', PL, '2026-11-20T20:00:00Z', 'upcoming', [0, 0], [2.3, 3.4, 3.1]),
  g('Hearts of Oak', 'Medeama', GH, '2026-11-20T16:00:00Z', 'upcoming', [0, 0], [1.9, 3.1, 4.1]),
  // ── Saturday 21 ──
  g('Arsenal', 'Tottenham', PL, '2026-11-21T12:30:00Z', 'upcoming', [0, 0], [1.6, 4.0, 5.4]),
  g('Manchester United', 'Newcastle', PL, '2026-11-21T15:00:00Z', 'upcoming', [0, 0], [2.4, 3.4, 2.9]),
  g('Liverpool', 'Aston Villa', PL, '2026-11-21T17:30:00Z', 'upcoming', [0, 0], [1.5, 4.4, 6.0]),
  g('Real Madrid', 'Barcelona', LL, '2026-11-21T20:00:00Z', 'upcoming', [0, 0], [2.2, 3.6, 3.1]),
  g('Sevilla', 'Villarreal', LL, '2026-11-21T15:15:00Z', 'upcoming', [0, 0], [2.5, 3.2, 2.9]),
  g('Kano Pillars', 'Lobi Stars', NP, '2026-11-21T15:00:00Z', 'upcoming', [0, 0], [1.8, 3.2, 4.6]),
  g('Inter', 'AC Milan', SA, '2026-11-21T19:45:00Z', 'upcoming', [0, 0], [2.0, 3.4, 3.8]),
  g('Bayern Munich', 'RB Leipzig', BL, '2026-11-21T14:30:00Z', 'upcoming', [0, 0], [1.4, 5.0, 7.0]),
  // ── Sunday 22 ──
  g('Chelsea', 'Manchester City', PL, '2026-11-22T16:30:00Z', 'upcoming', [0, 0], [3.0, 3.5, 2.3]),
  g('Brighton', 'West Ham', PL, '2026-11-22T14:00:00Z', 'upcoming', [0, 0], [1.9, 3.6, 4.0]),
  g('Atletico Madrid', 'Valencia', LL, '2026-11-22T18:00:00Z', 'upcoming', [0, 0], [1.6, 3.8, 5.6]),
  g('Rivers United', 'Enugu Rangers', NP, '2026-11-22T15:00:00Z', 'upcoming', [0, 0], [1.9, 3.2, 4.0]),
  g('Accra Lions', 'Hearts of Oak', GH, '2026-11-22T15:00:00Z', 'upcoming', [0, 0], [2.8, 3.0, 2.6]),
  g('Juventus', 'Napoli', SA, '2026-11-22T19:45:00Z', 'upcoming', [0, 0], [2.2, 3.2, 3.3]),
  g('Borussia Dortmund', 'Bayer Leverkusen', BL, '2026-11-22T16:30:00Z', 'upcoming', [0, 0], [2.4, 3.6, 2.8]),
  // ── Monday 23 → Thursday 26 ──
  g('Everton', 'Wolves', PL, '2026-11-23T20:00:00Z', 'upcoming', [0, 0], [2.1, 3.3, 3.5]),
  g('Remo Stars', 'Kwara United', NP, '2026-11-24T15:00:00Z', 'upcoming', [0, 0], [1.7, 3.4, 5.0]),
  g('Barcelona', 'Real Betis', LL, '2026-11-25T20:00:00Z', 'upcoming', [0, 0], [1.4, 4.8, 7.0]),
  g(
    'Arsenal',
    'Bayern Munich',
    'UEFA Champions League',
    '2026-11-25T20:00:00Z',
    'upcoming',
    [0, 0],
    [2.3, 3.5, 3.0],
  ),
  g('AC Milan', 'Juventus', SA, '2026-11-26T19:45:00Z', 'upcoming', [0, 0], [2.5, 3.2, 2.9]),
  // ── next weekend, 28-29 ──
  g('Chelsea', 'Arsenal', PL, '2026-11-28T17:30:00Z', 'upcoming', [0, 0], [2.7, 3.4, 2.6]),
  g('Tottenham', 'Liverpool', PL, '2026-11-28T15:00:00Z', 'upcoming', [0, 0], [3.2, 3.7, 2.1]),
  g('Valencia', 'Real Madrid', LL, '2026-11-29T20:00:00Z', 'upcoming', [0, 0], [4.5, 3.9, 1.7]),
  g('Enyimba', 'Enugu Rangers', NP, '2026-11-29T15:00:00Z', 'upcoming', [0, 0], [1.8, 3.2, 4.4]),
  g('Asante Kotoko', 'Hearts of Oak', GH, '2026-11-29T15:00:00Z', 'upcoming', [0, 0], [2.1, 3.1, 3.4]),
  // ── cancelled ──
  g('Lobi Stars', 'Enyimba', NP, '2026-11-21T15:00:00Z', 'cancelled', [0, 0], [2.6, 3.1, 2.7]),
];

export const byFixture = (home: string, away: string) => {
  const found = CALENDAR.find((x) => x.homeTeam === home && x.awayTeam === away && x.status !== 'cancelled');
  if (!found) throw new Error(`no fixture ${home} vs ${away}`);
  return found;
};
