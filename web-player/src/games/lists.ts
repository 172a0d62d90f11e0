import type { Game, GameStatus, Odds, Outcome } from '@bet/web-shell/core';
import { isValidGameId } from '../slip/rules';

export const OTHER_LEAGUE = 'Other';

export interface GameLists {
  upcoming: Game[];
  live: Game[];
  finished: Game[];
}

/** A game as any list answers it: the AI's search and tips type its status and result as plain strings. */
type ListedGame = Omit<Game, 'status' | 'result'> & { status: string; result: string | null };

const STATUSES: ReadonlySet<string> = new Set<GameStatus>(['upcoming', 'live', 'finished', 'cancelled']);
const RESULTS: ReadonlySet<string> = new Set<Outcome>(['A', 'Draw', 'B']);

function isListable(g: ListedGame): g is Game {
  return isValidGameId(g._id) && STATUSES.has(g.status) && (g.result == null || RESULTS.has(g.result));
}

/** Games with an invalid id (or a status we cannot show) are never listed: they could not be bet on. */
export function validGames(games: readonly ListedGame[] | undefined): Game[] {
  return (games ?? []).filter(isListable);
}

/**
 * A game update removes the game from every list, then puts it in the live list (replacing it) or
 * at the top of the finished list. An upcoming game goes back to the upcoming list.
 */
export function applyGameUpdate(lists: GameLists, game: Game): GameLists {
  if (!game || !isValidGameId(game._id)) return lists;
  const without = (l: Game[]) => l.filter((g) => g._id !== game._id);
  const next: GameLists = {
    upcoming: without(lists.upcoming),
    live: without(lists.live),
    finished: without(lists.finished),
  };
  if (game.status === 'live') {
    const i = lists.live.findIndex((g) => g._id === game._id);
    if (i >= 0) {
      next.live = lists.live.slice();
      next.live[i] = game;
    } else next.live = [...next.live, game];
  } else if (game.status === 'finished') {
    next.finished = [game, ...next.finished];
  } else if (game.status === 'upcoming') {
    next.upcoming = [...next.upcoming, game].sort((a, b) => +new Date(a.matchDate) - +new Date(b.matchDate));
  }
  return next;
}

export function applyOddsUpdate(lists: GameLists, gameId: string, odds: Odds): GameLists {
  const patch = (l: Game[]) =>
    l.some((g) => g._id === gameId) ? l.map((g) => (g._id === gameId ? { ...g, odds } : g)) : l;
  return { upcoming: patch(lists.upcoming), live: patch(lists.live), finished: patch(lists.finished) };
}

export interface LeagueGroup {
  league: string;
  games: Game[];
}

/**
 * Groups games by league. Leagues in `preferred` come first in that order, the others after in
 * order of appearance, and 'Other' (games without a league) always last.
 */
export function groupByLeague(games: Game[], preferred: string[] = []): LeagueGroup[] {
  const map = new Map<string, Game[]>();
  for (const g of games) {
    const league = g.league?.trim() || OTHER_LEAGUE;
    const list = map.get(league);
    if (list) list.push(g);
    else map.set(league, [g]);
  }
  const rank = new Map(preferred.map((l, i) => [l, i]));
  const keys = [...map.keys()];
  const order = (l: string) =>
    l === OTHER_LEAGUE ? Number.MAX_SAFE_INTEGER : (rank.get(l) ?? preferred.length);
  keys.sort((a, b) => order(a) - order(b) || keys.indexOf(a) - keys.indexOf(b));
  return keys.map((league) => ({ league, games: map.get(league)! }));
}

interface BetLike {
  selections?: Array<{ game?: { league?: string | null } | null }>;
}

/** Leagues the user bets on most (counting selections), most first. */
export function leaguePreference(bets: BetLike[]): string[] {
  const counts = new Map<string, number>();
  for (const bet of bets ?? []) {
    for (const sel of bet?.selections ?? []) {
      const league = sel?.game?.league?.trim();
      if (!league) continue;
      counts.set(league, (counts.get(league) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
}
