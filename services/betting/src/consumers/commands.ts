import {
  BettingOpenBets,
  BettingReleaseStake,
  BettingReserveStake,
  type CommandReply,
  type CommandRequest,
  validate,
} from '@bet/proto-events';
import { openBets } from '../app/queries';
import type { Ctx } from '../app/types';
import { releaseStake, reserveStake } from '../app/week-usage';

/** betting.open_bets: identity asks before closing an account. */
export async function startCommandResponders(ctx: Ctx) {
  ctx.track(
    await ctx.bus.reply(BettingOpenBets.subject, async (req: CommandRequest<typeof BettingOpenBets>) => {
      const reply: CommandReply<typeof BettingOpenBets> = {
        userId: req.userId,
        pendingBets: await openBets(ctx.db, req.userId),
      };
      return reply;
    }),
  );
  // Aviator stakes share the sportsbook's weekly limits: betting keeps the one usage count
  ctx.track(
    await ctx.bus.reply(
      BettingReserveStake.subject,
      async (req: CommandRequest<typeof BettingReserveStake>) => {
        const problems = validate(BettingReserveStake.request, req);
        if (problems.length > 0) throw new Error(`betting.reserve_stake: ${problems.join('; ')}`);
        return reserveStake(ctx, req);
      },
    ),
  );
  ctx.track(
    await ctx.bus.reply(
      BettingReleaseStake.subject,
      async (req: CommandRequest<typeof BettingReleaseStake>) => {
        const problems = validate(BettingReleaseStake.request, req);
        if (problems.length > 0) throw new Error(`betting.release_stake: ${problems.join('; ')}`);
        return releaseStake(ctx, req);
      },
    ),
  );
}
