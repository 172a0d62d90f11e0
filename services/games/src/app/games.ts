import type { KitContext } from '../config';
import { GameNotFoundError } from '../domain/errors';
import { type ApiGame, type GameRecord, liveSuspended, toApiGame } from '../domain/game';
import { withPinnedPrices } from '../domain/market-control';
import { marketSources, marketsView, modelMarkets } from '../domain/markets';
import type { DB } from '../store/db';
import {
  countGames as countGameRows,
  type ListQuery,
  selectGame,
  selectGames,
  selectGamesByIds,
  selectMatchEvents,
} from '../store/games';
import { marketMarginsOf } from './pricing';

export type { ListQuery } from '../store/games';

/* What games are now: lists, one game, its markets and its match events (the reads). */

/** What a read needs to say whether a live market is open right now (domain/game.ts liveSuspended). */
export const liveWindow = (ctx: KitContext) => ({
  now: Date.now(),
  maxAgeMs: ctx.config.LIVE_PRICE_MAX_AGE_S * 1000,
});

/** The current state and prices of these games; unknown ids are left out. */
export async function gamesByIds(ctx: KitContext, ids: readonly string[]): Promise<ApiGame[]> {
  const live = liveWindow(ctx);
  return (await selectGamesByIds(ctx.db, ids)).map((g) => toApiGame(g, live));
}

export async function listGames(
  db: DB,
  q: ListQuery,
  live?: { now: number; maxAgeMs: number },
): Promise<ApiGame[]> {
  return (await selectGames(db, q)).map((g) => toApiGame(g, live));
}

/** How many games a list query matches (for the pages of the admin screen). */
export async function countGames(db: DB, q: ListQuery): Promise<number> {
  return countGameRows(db, q);
}

export async function findGame(db: DB, id: string): Promise<GameRecord> {
  const game = await selectGame(db, id);
  if (!game) throw new GameNotFoundError();
  return game;
}

/**
 * Every market of a game with its outcomes, prices and status (GET /games/{id}/markets).
 * The prices are the ones betting holds (announced with games.odds_changed), so what is shown
 * is what a bet is accepted at.
 */
export async function gameMarketsOf(ctx: KitContext, id: string) {
  return gameMarketsView(ctx, await findGame(ctx.db, id));
}

/**
 * Several games' markets in one read (the board's rows), each cut to `keys` when given; games
 * that do not exist are left out. A board of a hundred rows is one request, not a hundred.
 */
export async function manyGamesMarkets(ctx: KitContext, ids: readonly string[], keys?: readonly string[]) {
  const wanted = keys && keys.length > 0 ? new Set(keys) : null;
  const games = await selectGamesByIds(ctx.db, [...new Set(ids)]);
  return {
    games: games.map((game) => {
      const answer = gameMarketsView(ctx, game);
      return wanted ? { ...answer, markets: answer.markets.filter((m) => wanted.has(m.key)) } : answer;
    }),
  };
}

/** A game's markets as GET /games/{id}/markets shows them. */
export function gameMarketsView(ctx: KitContext, game: GameRecord) {
  const { now, maxAgeMs } = liveWindow(ctx);
  const bettable =
    (game.status === 'upcoming' && game.matchDate.getTime() > now) ||
    (game.status === 'live' && !liveSuspended(game, now, maxAgeMs));
  // an admin's suspended market shows the prices it would have, locked
  const prices = withPinnedPrices(modelMarkets(game, marketMarginsOf(ctx.config)), game.marketControl);
  return {
    gameId: game.id,
    status: game.status,
    markets: marketsView(game, prices, bettable, game.marketControl?.suspended ?? [], marketSources(game)),
  };
}

export async function gameDetails(db: DB, id: string) {
  const game = await findGame(db, id);
  const events = await selectMatchEvents(db, id);
  return {
    scores: { ...game.score },
    events: events.map((e) => ({
      type: e.type as 'Goal' | 'Card' | 'subst',
      time: { elapsed: e.elapsed, extra: e.extra },
      player: { name: e.player },
      team: { name: e.team },
      detail: e.detail,
    })),
  };
}
