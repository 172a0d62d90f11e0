/**
 * `npm run reconcile`: proves the wallet's invariants on the database at DATABASE_URL
 * (schema `wallet`), prints every check, and exits non-zero when one fails.
 */
import { baseConfig, loadConfig, type OutboxTables, openDatabase, Type } from '@bet/kit';
import { sql } from 'kysely';
import type { WalletDB } from '../db/schema';
import { formatReport } from '../domain/reconcile';
import { reconcile } from '../operations/reconcile';

const config = loadConfig(Type.Object({ DATABASE_URL: baseConfig.DATABASE_URL }), process.env);
const database = await openDatabase<WalletDB & OutboxTables>({
  kind: 'postgres',
  url: config.DATABASE_URL,
  schema: 'wallet',
  poolSize: 2,
});
let code = 0;
try {
  const { rows } = await sql<{ t: string | null }>`select to_regclass('postings')::text as t`.execute(
    database.db,
  );
  if (!rows[0]?.t) {
    console.error(
      `No wallet ledger in schema "wallet" at ${new URL(config.DATABASE_URL).host}: has the wallet service ever started there?`,
    );
    code = 2;
  } else {
    const report = await reconcile(database.db);
    console.log(formatReport(report));
    code = report.ok ? 0 : 1;
  }
} catch (err) {
  console.error(`Reconciliation could not run: ${(err as Error).message}`);
  code = 2;
} finally {
  await database.close();
}
process.exitCode = code;
