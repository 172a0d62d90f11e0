import { BettingReleaseStake } from '@bet/proto-events';
import { releaseStake } from '../app/week-usage';
import { responder } from '../context';

/** betting.release_stake: an Aviator bet that was never accepted stops counting. */
export const releaseStakeResponder = responder(BettingReleaseStake, (ctx, req) => releaseStake(ctx, req));
