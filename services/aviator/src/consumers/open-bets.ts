import { AviatorOpenBets } from '@bet/proto-events';
import { responder } from '../context';
import { countOpenBets } from '../store/bets';

/** aviator.open_bets: identity asks before closing an account (a stake in the air is an open bet). */
export const openBetsResponder = responder(AviatorOpenBets, async (ctx, req) => ({
  userId: req.userId,
  openBets: await countOpenBets(ctx.db, req.userId),
}));
