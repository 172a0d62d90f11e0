/**
 * `npm run reconcile:platform`: the cross-service reconciliation (infra/src/reconciliation):
 * betting's bets and placements against the wallet's ledger and holds. Reads schema
 * `betting` at BETTING_DATABASE_URL and schema `wallet` at WALLET_DATABASE_URL (both default
 * to DATABASE_URL), prints every check, exits 1 when they disagree, 2 when it could not run.
 * RECONCILE_GRACE_SECONDS (default 60) skips rows younger than that (events in flight).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { formatPlatformReport } from '../reconciliation/checks';
import { reconcilePlatform } from '../reconciliation/read';

const fallback = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bet';
const open = (url: string, schema: string) =>
  new Kysely<any>({
    // a plain pool pinned to the schema: a read-only check must not create what it looks for
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${schema}"` }),
    }),
  });
const betting = open(process.env.BETTING_DATABASE_URL ?? fallback, 'betting');
const wallet = open(process.env.WALLET_DATABASE_URL ?? fallback, 'wallet');
let code = 0;
try {
  const graceMs = Number(process.env.RECONCILE_GRACE_SECONDS ?? 60) * 1000;
  const report = await reconcilePlatform(betting, wallet, { graceMs });
  console.log(formatPlatformReport(report));
  code = report.ok ? 0 : 1;
} catch (err) {
  console.error(`Reconciliation could not run: ${(err as Error).message}`);
  code = 2;
} finally {
  await betting.destroy();
  await wallet.destroy();
}
process.exitCode = code;
