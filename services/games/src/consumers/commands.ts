import { GamesGet } from '@bet/proto-events';
import type { Ctx } from '../context';
import { rowToGame } from '../db/rows';
import { toApiGame } from '../domain/game';

/** games.get: the current state and prices of a few games, for services that must not act on a stale read model. */
export async function startCommandResponders(ctx: Ctx) {
  ctx.track(
    await ctx.bus.reply(
      GamesGet.subject,
      async (req: { gameIds?: unknown }) => {
        const ids = Array.isArray(req?.gameIds)
          ? req.gameIds.filter((id): id is string => typeof id === 'string').slice(0, 100)
          : [];
        if (ids.length === 0) return { games: [] };
        const rows = await ctx.db.selectFrom('games').selectAll().where('id', 'in', ids).execute();
        const live = { now: Date.now(), maxAgeMs: ctx.config.LIVE_PRICE_MAX_AGE_S * 1000 };
        return { games: rows.map((r) => toApiGame(rowToGame(r), live)) };
      },
      { queue: 'games' },
    ),
  );
}
