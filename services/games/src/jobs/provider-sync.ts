import { job } from '../context';

/**
 * The scheduled sync of every provider whose key is set, every SYNC_INTERVAL_MINUTES (0: off).
 * One replica syncs a provider per interval: the lease per provider is taken inside the run.
 */
export const providerSync = job({
  name: 'provider-sync',
  everyMs: (ctx) => ctx.config.SYNC_INTERVAL_MINUTES * 60_000,
  immediately: true,
  enabled: (ctx) => ctx.config.SYNC_INTERVAL_MINUTES > 0 && ctx.sync.configuredSources().length > 0,
  run: (ctx) => ctx.sync.runScheduled(),
});
