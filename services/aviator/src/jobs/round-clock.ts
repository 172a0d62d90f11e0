import { advanceClock } from '../app/clock';
import { job } from '../context';

/**
 * The round clock: about ten steps a second. Every replica runs the job, but a step does
 * nothing unless this replica holds the `aviator-round-clock` lease, so one clock drives
 * the rounds of the whole cluster and another takes over when its holder dies.
 */
export const roundClock = job({
  name: 'round-clock',
  everyMs: (ctx) => ctx.config.AVIATOR_TICK_MS,
  immediately: true,
  run: (ctx) => advanceClock(ctx),
});
