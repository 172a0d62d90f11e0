import { job } from '../context';

/**
 * Unfinished placements and owed refunds (app/reconciler.ts). Every replica runs it, as
 * before the move: rows are claimed one replica at a time, so more replicas only share the work.
 */
export const reconcile = job({
  name: 'reconcile-placements',
  everyMs: (ctx) => ctx.config.RECONCILE_INTERVAL_MS,
  run: (ctx) => ctx.reconciler.runOnce(),
});
