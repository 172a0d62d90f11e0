import { BettingReserveStake } from '@bet/proto-events';
import { reserveStake } from '../app/week-usage';
import { responder } from '../context';

/** betting.reserve_stake: Aviator stakes share the sportsbook's weekly limits; betting keeps the one usage count. */
export const reserveStakeResponder = responder(BettingReserveStake, (ctx, req) => reserveStake(ctx, req));
