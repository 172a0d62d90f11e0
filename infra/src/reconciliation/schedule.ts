import { createServer, type Server } from 'node:http';
import { type Logger, metricsText, recordReconciliation } from '@bet/kit';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { PlatformReport } from './checks';
import { reconcilePlatform } from './read';

/** Where each owner's schema lives (they may share one database, as in the shipped setups). */
export interface PlatformDatabases {
  bettingUrl: string;
  walletUrl: string;
  aviatorUrl: string;
}

export interface PlatformReconciliation {
  run(): Promise<{ report: PlatformReport; withAviator: boolean }>;
  close(): Promise<void>;
}

/** Read-only pools pinned to each owner's schema: a check must not create what it looks for. */
export function openPlatformReconciliation(dbs: PlatformDatabases, graceMs: number): PlatformReconciliation {
  const open = (url: string, schema: string) =>
    new Kysely<any>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${schema}"` }),
      }),
    });
  const betting = open(dbs.bettingUrl, 'betting');
  const wallet = open(dbs.walletUrl, 'wallet');
  const aviator = open(dbs.aviatorUrl, 'aviator');
  return {
    async run() {
      const { rows } = await sql<{ t: string | null }>`select to_regclass('aviator.bets')::text as t`.execute(
        aviator,
      );
      const withAviator = Boolean(rows[0]?.t);
      const report = await reconcilePlatform(betting, wallet, {
        graceMs,
        aviator: withAviator ? aviator : undefined,
      });
      return { report, withAviator };
    },
    async close() {
      await Promise.all([betting.destroy(), wallet.destroy(), aviator.destroy()]);
    },
  };
}

export interface PlatformReconciler {
  /** where GET /metrics, /healthz and /readyz answer */
  url: string;
  /** runs finished so far (failed ones included) */
  runs(): number;
  close(): Promise<void>;
}

/**
 * The cross-service reconciliation on a schedule, as one process (one replica: it only
 * reads, and the alerts take the max over whatever exports it). Each run's outcome becomes
 * `reconciliation_violations{service="platform",check}` and
 * `reconciliation_last_run_timestamp_seconds{service="platform"}`, served on GET /metrics for
 * Prometheus, so ReconciliationDrift and ReconciliationNotRun watch the platform as they watch
 * the wallet's ledger. A run that cannot read is logged and leaves the timestamp alone (the
 * not-run alert follows). Runs never overlap: the next is scheduled when one ends.
 */
export async function startPlatformReconciler(opts: {
  reconciliation: PlatformReconciliation;
  everyMs: number;
  port: number;
  host: string;
  logger: Logger;
}): Promise<PlatformReconciler> {
  const { reconciliation, logger } = opts;
  let runs = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let closing = false;

  const once = async () => {
    try {
      const { report, withAviator } = await reconciliation.run();
      recordReconciliation('platform', report);
      const failing = report.checks.filter((c) => !c.ok).map((c) => `${c.name} (${c.found})`);
      if (failing.length > 0)
        logger.error({ checks: failing }, 'reconciliation: the platform disagrees with the ledger');
      else logger.info({ aviator: withAviator }, 'reconciliation: the platform agrees with the ledger');
    } catch (err) {
      logger.error({ err }, 'reconciliation: could not run');
    } finally {
      runs++;
    }
  };
  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      current = once().then(schedule);
    }, opts.everyMs);
    timer.unref();
  };

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      void metricsText().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (req.method === 'GET' && (path === '/healthz' || path === '/readyz')) {
      const ok = path === '/healthz' || !closing;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ok }));
      return;
    }
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ msg: `Route not found: ${req.method} ${path}` }));
  });
  await new Promise<void>((done) => server.listen(opts.port, opts.host, done));
  const { port } = server.address() as { port: number };

  current = once().then(schedule);
  return {
    url: `http://${opts.host}:${port}`,
    runs: () => runs,
    async close() {
      closing = true;
      clearTimeout(timer);
      await current;
      await new Promise<void>((done) => server.close(() => done()));
      await reconciliation.close();
    },
  };
}
