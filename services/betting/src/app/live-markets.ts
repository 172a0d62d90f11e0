import { HttpError } from '@bet/kit';
import { type CommandReply, GamesGet } from '@bet/proto-events';
import { suspendedMarket } from '../domain/placement';
import type { Ctx } from './types';

/**
 * A bet or a cash-out on a live game is checked with the games service itself: the read
 * model here knows the last price, not whether its pricing engine still stands behind it.
 * No answer, no live bet (fail closed). Pre-match games are not asked about.
 */
export async function checkLiveMarkets(ctx: Ctx, gameIds: string[]): Promise<void> {
  const live = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('id', 'in', gameIds)
    .where('status', '=', 'live')
    .execute();
  if (live.length === 0) return;
  let reply: CommandReply<typeof GamesGet>;
  try {
    reply = await ctx.bus.request<CommandReply<typeof GamesGet>>(
      GamesGet.subject,
      { gameIds: live.map((g) => g.id) },
      { timeoutMs: ctx.config.LIVE_CHECK_TIMEOUT_MS },
    );
  } catch (err) {
    ctx.logger.warn({ err }, 'live prices not confirmed by games');
    throw new HttpError(503, 'Live betting is unavailable right now; no money was taken. Please try again.');
  }
  const stale = reply.games.find((g) => g.suspended === true);
  if (stale) throw suspendedMarket(stale);
}
