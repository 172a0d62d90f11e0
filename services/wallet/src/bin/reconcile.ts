/**
 * `npm run reconcile`: proves the wallet's invariants on the database at DATABASE_URL
 * (schema `wallet`), prints every check, and exits non-zero when one fails
 * (1: an invariant is violated, 2: the check could not run).
 */
import { baseConfig, loadConfig, type OutboxTables, Type } from '@bet/kit';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { WalletDB } from '../db/schema';
import { formatReport } from '../domain/reconcile';
import { reconcile } from '../store/reconcile';

const config = loadConfig(Type.Object({ DATABASE_URL: baseConfig.DATABASE_URL }), process.env);
// a plain pool pinned to the schema: a read-only check must not create the schema it looks for
const pool = new pg.Pool({
  connectionString: config.DATABASE_URL,
  max: 2,
  options: '-c search_path="wallet"',
});
const db = new Kysely<WalletDB & OutboxTables>({ dialect: new PostgresDialect({ pool }) });
let code = 0;
try {
  const { rows } = await sql<{ t: string | null }>`select to_regclass('wallet.postings')::text as t`.execute(
    db,
  );
  if (!rows[0]?.t) {
    console.error(
      `No wallet ledger in schema "wallet" at ${new URL(config.DATABASE_URL).host}: has the wallet service ever started there?`,
    );
    code = 2;
  } else {
    const report = await reconcile(db);
    console.log(formatReport(report));
    code = report.ok ? 0 : 1;
  }
} catch (err) {
  console.error(`Reconciliation could not run: ${(err as Error).message}`);
  code = 2;
} finally {
  await db.destroy();
}
process.exitCode = code;
