import type { Probabilities } from './odds';
import type { GameFacts } from './types';

/**
 * What past results say about teams: Elo power ratings, recent form and head-to-head.
 * Only finished games with a score count; the order is by kick-off.
 */

export const ELO_START = 1500;
const ELO_K = 24;
/** rating points a home side is worth (about 0.35 goals in club football) */
export const HOME_ADVANTAGE = 60;

export interface Rating {
  team: string;
  rating: number;
  played: number;
}

const finished = (games: readonly GameFacts[]) =>
  games.filter((g) => g.status === 'finished').sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());

function expected(home: number, away: number) {
  return 1 / (1 + 10 ** (-(home + HOME_ADVANTAGE - away) / 400));
}

/** Elo ratings over every finished game, goal difference widening the step (as in World Football Elo). */
export function powerRatings(games: readonly GameFacts[]): Map<string, Rating> {
  const table = new Map<string, Rating>();
  const get = (team: string) => {
    let r = table.get(team);
    if (!r) {
      r = { team, rating: ELO_START, played: 0 };
      table.set(team, r);
    }
    return r;
  };
  for (const g of finished(games)) {
    const h = get(g.homeTeam);
    const a = get(g.awayTeam);
    const score = g.scores.home > g.scores.away ? 1 : g.scores.home === g.scores.away ? 0.5 : 0;
    const margin = Math.abs(g.scores.home - g.scores.away);
    const weight = margin <= 1 ? 1 : margin === 2 ? 1.5 : (11 + margin) / 8;
    const delta = ELO_K * weight * (score - expected(h.rating, a.rating));
    h.rating += delta;
    a.rating -= delta;
    h.played++;
    a.played++;
  }
  return table;
}

/** Teams by rating, strongest first, optionally one league only. */
export function rankings(games: readonly GameFacts[], league?: string): Rating[] {
  const pool = league ? games.filter((g) => g.league === league) : games;
  return [...powerRatings(pool).values()].sort((a, b) => b.rating - a.rating);
}

/**
 * 1X2 probabilities from two ratings: the Elo expectation splits the non-draw mass, and the
 * draw is likeliest between equals (about 28 %) and rarer as the gap grows.
 */
export function ratingProbabilities(home: number, away: number): Probabilities {
  const e = expected(home, away);
  const draw = Math.max(0.12, 0.28 - 0.45 * (e - 0.5) ** 2 * 2);
  return { home: e * (1 - draw), draw, away: (1 - e) * (1 - draw) };
}

export interface TeamForm {
  team: string;
  /** most recent last, e.g. "WWDLW" */
  letters: string;
  played: number;
  points: number;
  goalsFor: number;
  goalsAgainst: number;
}

export function recentForm(games: readonly GameFacts[], team: string, last = 5, before?: Date): TeamForm {
  const mine = finished(games)
    .filter((g) => g.homeTeam === team || g.awayTeam === team)
    .filter((g) => !before || g.matchDate < before)
    .slice(-last);
  let letters = '';
  let points = 0;
  let gf = 0;
  let ga = 0;
  for (const g of mine) {
    const home = g.homeTeam === team;
    const f = home ? g.scores.home : g.scores.away;
    const a = home ? g.scores.away : g.scores.home;
    gf += f;
    ga += a;
    if (f > a) {
      letters += 'W';
      points += 3;
    } else if (f === a) {
      letters += 'D';
      points += 1;
    } else letters += 'L';
  }
  return { team, letters, played: mine.length, points, goalsFor: gf, goalsAgainst: ga };
}

export interface HeadToHead {
  meetings: number;
  homeWins: number;
  awayWins: number;
  draws: number;
  last: GameFacts | null;
}

/** Past meetings of two teams (either venue), wins counted for the named sides. */
export function headToHead(
  games: readonly GameFacts[],
  home: string,
  away: string,
  before?: Date,
): HeadToHead {
  const met = finished(games).filter(
    (g) =>
      ((g.homeTeam === home && g.awayTeam === away) || (g.homeTeam === away && g.awayTeam === home)) &&
      (!before || g.matchDate < before),
  );
  let homeWins = 0;
  let awayWins = 0;
  let draws = 0;
  for (const g of met) {
    const homeGoals = g.homeTeam === home ? g.scores.home : g.scores.away;
    const awayGoals = g.homeTeam === home ? g.scores.away : g.scores.home;
    if (homeGoals > awayGoals) homeWins++;
    else if (homeGoals < awayGoals) awayWins++;
    else draws++;
  }
  return { meetings: met.length, homeWins, awayWins, draws, last: met.at(-1) ?? null };
}

export function describeForm(f: TeamForm): string {
  if (f.played === 0) return `${f.team} have no finished games on record here yet`;
  const w = [...f.letters].filter((c) => c === 'W').length;
  const d = [...f.letters].filter((c) => c === 'D').length;
  const l = f.played - w - d;
  return `${f.team} ${f.letters.split('').join('-')} in their last ${f.played} (${w}W ${d}D ${l}L, goals ${f.goalsFor}-${f.goalsAgainst})`;
}
