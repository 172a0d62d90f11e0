import { BettingOpenBets } from '@bet/proto-events';
import { openBets } from '../app/queries';
import { responder } from '../context';

/** betting.open_bets: identity asks before closing an account. */
export const openBetsResponder = responder(BettingOpenBets, async (ctx, req) => ({
  userId: req.userId,
  pendingBets: await openBets(ctx.db, req.userId),
}));
