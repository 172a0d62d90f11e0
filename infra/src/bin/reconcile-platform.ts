/**
 * `npm run reconcile:platform`: the cross-service reconciliation (infra/src/reconciliation):
 * betting's bets and placements, and Aviator's bets and rounds, against the wallet's ledger
 * and holds. Reads schema `betting` at BETTING_DATABASE_URL, `aviator` at AVIATOR_DATABASE_URL
 * and `wallet` at WALLET_DATABASE_URL (all default to DATABASE_URL; Aviator is skipped, and
 * says so, where its schema does not exist), prints every check, exits 1 when they disagree,
 * 2 when it could not run.
 * RECONCILE_GRACE_SECONDS (default 60) skips rows younger than that (events in flight).
 *
 * `--every MINUTES` (or RECONCILE_EVERY_MINUTES) keeps it running: one run now and one every
 * MINUTES, each exported on GET /metrics at PORT (default 9465) for the reconciliation alerts
 * (the `reconciler` of docker-compose.yml and infra/k8s). It stops on SIGTERM.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '@bet/kit';
import { formatPlatformReport } from '../reconciliation/checks';
import { openPlatformReconciliation, startPlatformReconciler } from '../reconciliation/schedule';

const { values } = parseArgs({ options: { every: { type: 'string' } } });
const fallback = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bet';
const reconciliation = openPlatformReconciliation(
  {
    bettingUrl: process.env.BETTING_DATABASE_URL ?? fallback,
    walletUrl: process.env.WALLET_DATABASE_URL ?? fallback,
    aviatorUrl: process.env.AVIATOR_DATABASE_URL ?? fallback,
  },
  Number(process.env.RECONCILE_GRACE_SECONDS ?? 60) * 1000,
);
const everyMinutes = Number(values.every ?? process.env.RECONCILE_EVERY_MINUTES ?? 0);

if (everyMinutes > 0) {
  const logger = createLogger('reconciler', process.env.LOG_LEVEL ?? 'info');
  const reconciler = await startPlatformReconciler({
    reconciliation,
    everyMs: everyMinutes * 60_000,
    port: Number(process.env.PORT ?? 9465),
    host: process.env.HOST ?? '0.0.0.0',
    logger,
  });
  logger.info({ url: reconciler.url, everyMinutes }, 'reconciler: running');
  const stop = () => {
    void reconciler.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  let code = 0;
  try {
    const { report, withAviator } = await reconciliation.run();
    if (!withAviator) console.log('Aviator not checked: no schema "aviator" at its database.');
    console.log(formatPlatformReport(report));
    code = report.ok ? 0 : 1;
  } catch (err) {
    console.error(`Reconciliation could not run: ${(err as Error).message}`);
    code = 2;
  } finally {
    await reconciliation.close();
  }
  process.exitCode = code;
}
