import { expireDueGrants } from '../app/bonus-grants';
import { job } from '../context';

/**
 * Forfeits bonus money past its expiry, every minute, once per cluster (decision wallet-007).
 * Each grant is locked and re-checked before it moves, so a second pass is harmless.
 */
export const bonusExpiry = job({
  name: 'bonus-expiry',
  everyMs: 60_000,
  leader: true,
  run: (ctx) => expireDueGrants(ctx).then(() => undefined),
});
