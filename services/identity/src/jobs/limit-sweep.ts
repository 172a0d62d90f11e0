import { sweepDueLimits } from '../app/limits';
import { job } from '../context';

/**
 * Applies due limit changes even for users who never come back to read them, so that
 * user.updated reaches the betting service in time. Every replica sweeps (no leader): the
 * row locks make a change apply, and be announced, once.
 */
export const limitSweep = job({
  name: 'limit-sweep',
  everyMs: (ctx) => ctx.config.LIMIT_SWEEP_INTERVAL_MS,
  async run(ctx) {
    const applied = await sweepDueLimits(ctx);
    if (applied > 0) ctx.logger.info({ applied }, 'pending limit changes applied');
  },
});
