import { sweepKeys } from '@bet/kit';
import { job } from '../context';

/** Forgets bets' Idempotency-Keys older than IDEMPOTENCY_TTL_HOURS (lookups already ignore them). */
export const idempotencySweep = job({
  name: 'idempotency-sweep',
  everyMs: 10 * 60_000,
  leader: true,
  run: (ctx) => sweepKeys(ctx.db, ctx.config.IDEMPOTENCY_TTL_HOURS * 3_600_000),
});
