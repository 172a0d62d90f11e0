import { recordReconciliation } from '@bet/kit';
import { reconcileLedger } from '../app/statements';
import { job } from '../context';

/**
 * The ledger's invariants proved on a schedule, once per cluster (the lease holder), so the
 * ReconciliationDrift and ReconciliationNotRun alerts have something to watch: before, the
 * metrics were set only when an admin called the endpoint, on the replica that answered.
 * Only the leader exports them; the alerts take the max over replicas
 * (infra/observability/alerts.yml).
 */
export const reconcileJob = job({
  name: 'reconcile-ledger',
  everyMs: (ctx) => ctx.config.RECONCILE_EVERY_MINUTES * 60_000,
  leader: true,
  enabled: (ctx) => ctx.config.RECONCILE_EVERY_MINUTES > 0,
  run: async (ctx) => {
    const report = recordReconciliation('wallet', await reconcileLedger(ctx));
    const failing = report.checks.filter((c) => c.violations.length > 0).map((c) => c.name);
    if (failing.length > 0) ctx.logger.error({ checks: failing }, 'reconciliation: the ledger disagrees');
    else ctx.logger.debug('reconciliation: the ledger holds');
  },
});
