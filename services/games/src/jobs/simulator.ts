import { job } from '../context';

/**
 * The built-in feed, one tick every SIMULATOR_TICK_MS. Every replica runs the job, but a tick
 * does nothing unless this replica takes or renews the `simulator` lease (see
 * app/simulator.ts), so one replica drives the simulator of the whole cluster.
 */
export const simulator = job({
  name: 'simulator',
  everyMs: (ctx) => ctx.config.SIMULATOR_TICK_MS,
  immediately: true,
  enabled: (ctx) => ctx.simulator !== null,
  run: (ctx) => ctx.simulator?.tick(),
});
