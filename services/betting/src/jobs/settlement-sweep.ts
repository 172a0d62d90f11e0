import { job } from '../context';

/**
 * Picks up settlement work a crash interrupted (flags left by a committed game event): once
 * at start, then every reconcile interval, on every replica (batches lock their bets with
 * skip locked). A nudge joins a pass already running instead of starting a second one.
 */
export const settlementSweep = job({
  name: 'settlement-sweep',
  everyMs: (ctx) => ctx.config.RECONCILE_INTERVAL_MS,
  immediately: true,
  run: (ctx) => ctx.settler.nudge(),
});
