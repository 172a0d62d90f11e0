import { sql } from 'kysely';
import type { Trx } from './db';

export type RefusalReason = 'insufficient_funds' | 'unknown_account';

/**
 * Serialises every decision about one idempotency key (a debit and the refusal of a copy of
 * it) for the rest of the transaction. The row lock on the ledger's unique key would come too
 * late: a refusal writes no ledger row.
 */
export async function lockKey(trx: Trx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export async function debitRefusal(trx: Trx, key: string) {
  return trx
    .selectFrom('debit_refusals')
    .select(['reason', 'created_at'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Whether a ledger transaction already holds this key. */
export async function keyTaken(trx: Trx, key: string): Promise<boolean> {
  const taken = await trx
    .selectFrom('transactions')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function insertDebitRefusal(trx: Trx, key: string, userId: string, reason: RefusalReason) {
  await trx
    .insertInto('debit_refusals')
    .values({ idempotency_key: key, user_id: userId, reason })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** `lockKey` for many keys, taken in one order so two batches sharing keys cannot deadlock. */
export async function lockKeys(trx: Trx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
    from (values ${sql.join(sorted.map((k) => sql`(${k}::text)`))}) as v(k) order by k`.execute(trx);
}

/** The keys among these that were refused before. */
export async function refusedKeys(trx: Trx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await trx
    .selectFrom('debit_refusals')
    .select('idempotency_key')
    .where('idempotency_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.idempotency_key));
}
