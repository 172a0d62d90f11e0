/**
 * `npm run reconcile:platform`: the cross-service reconciliation (infra/src/reconciliation):
 * betting's bets and placements, and Aviator's bets and rounds, against the wallet's ledger
 * and holds. Reads schema `betting` at BETTING_DATABASE_URL, `aviator` at AVIATOR_DATABASE_URL
 * and `wallet` at WALLET_DATABASE_URL (all default to DATABASE_URL; Aviator is skipped, and
 * says so, where its schema does not exist), prints every check, exits 1 when they disagree,
 * 2 when it could not run.
 * RECONCILE_GRACE_SECONDS (default 60) skips rows younger than that (events in flight).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
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
const aviator = open(process.env.AVIATOR_DATABASE_URL ?? fallback, 'aviator');
let code = 0;
try {
  const graceMs = Number(process.env.RECONCILE_GRACE_SECONDS ?? 60) * 1000;
  const { rows } = await sql<{ t: string | null }>`select to_regclass('aviator.bets')::text as t`.execute(
    aviator,
  );
  const withAviator = Boolean(rows[0]?.t);
  const report = await reconcilePlatform(betting, wallet, {
    graceMs,
    aviator: withAviator ? aviator : undefined,
  });
  if (!withAviator) console.log('Aviator not checked: no schema "aviator" at its database.');
  console.log(formatPlatformReport(report));
  code = report.ok ? 0 : 1;
} catch (err) {
  console.error(`Reconciliation could not run: ${(err as Error).message}`);
  code = 2;
} finally {
  await betting.destroy();
  await wallet.destroy();
  await aviator.destroy();
}
process.exitCode = code;
