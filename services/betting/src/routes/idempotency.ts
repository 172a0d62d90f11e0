import { idempotentRoute } from '@bet/kit';
import type { AppContext } from '../context';
import { PLACED } from './schemas';

/**
 * A placement route's Idempotency-Key (api-conventions): a retry answers as the first attempt,
 * or, when that attempt left no final answer, from the placement's state now.
 */
export function placementIdempotency(ctx: AppContext, route: string) {
  return idempotentRoute(ctx.db, {
    route,
    ttlMs: ctx.config.IDEMPOTENCY_TTL_HOURS * 3_600_000,
    // the first attempt's wallet round trip, and a margin
    waitMs: ctx.config.WALLET_TIMEOUT_MS + 2_000,
    derive: async (placementId) => ({
      status: 201,
      body: { msg: PLACED, bets: await ctx.placement.answerOf(placementId) },
    }),
  });
}
