import { BettingOpenBets, type CommandReply, type CommandRequest } from '@bet/proto-events';
import { openBets } from '../app/queries';
import type { Ctx } from '../app/types';

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
}
