import { retryPayouts } from '../app/withdrawals';
import { job } from '../context';

/**
 * Picks up payouts a crash or a provider outage left behind, every minute, once per cluster:
 * a payout is claimed by counting an attempt, not by a lock, so passes on two replicas would
 * both hand the same withdrawal to the provider and count two attempts; only the provider's
 * reference check would stop a second payment.
 */
export const payoutRetry = job({
  name: 'payout-retry',
  everyMs: 60_000,
  leader: true,
  run: (ctx) => retryPayouts(ctx, ctx.providers.payout),
});
