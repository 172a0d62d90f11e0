import { newId } from '@bet/kit';
import { sql } from 'kysely';
import { accountId } from '../domain/accounts';
import type { Posting } from '../domain/postings';
import type { Trx } from './db';

/**
 * The ledger's statements for many transactions at once (a settlement batch): one statement
 * per step for the whole batch, the same rows `postTransaction` writes one by one.
 */

export interface TransactionRow {
  key: string;
  type: string;
  userId: string | null;
  reference: string;
  description: string;
  fingerprint: string;
  metadata: Record<string, unknown>;
}

/** Claims each idempotency key; returns the ones claimed now with their new transaction. */
export async function claimTransactions(
  trx: Trx,
  rows: TransactionRow[],
): Promise<Map<string, { id: string; createdAt: Date }>> {
  if (rows.length === 0) return new Map();
  // a parameter per column, not per value: a batch of 500 was 4 000 parameters to bind and plan
  const { rows: claimed } = await sql<{ id: string; idempotency_key: string; created_at: Date | string }>`
    insert into transactions (id, idempotency_key, type, user_id, reference, description, fingerprint, metadata)
    select * from unnest(
      ${texts(rows.map(() => newId()))}, ${texts(rows.map((r) => r.key))}, ${texts(rows.map((r) => r.type))},
      ${texts(rows.map((r) => r.userId))}, ${texts(rows.map((r) => r.reference))},
      ${texts(rows.map((r) => r.description))}, ${texts(rows.map((r) => r.fingerprint))},
      cast(${rows.map((r) => JSON.stringify(r.metadata))} as jsonb[]))
    on conflict on constraint transactions_idempotency_key do nothing
    returning id, idempotency_key, created_at`.execute(trx);
  return new Map(claimed.map((c) => [c.idempotency_key, { id: c.id, createdAt: new Date(c.created_at) }]));
}

/** The fingerprints recorded under these keys (to tell a replay from a contradiction). */
export async function fingerprintsOf(trx: Trx, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await trx
    .selectFrom('transactions')
    .select(['idempotency_key', 'fingerprint'])
    .where('idempotency_key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.idempotency_key, r.fingerprint]));
}

/**
 * Opens the wallets not opened yet and locks them all, in id order (two batches lock the
 * wallets they share in the same order); returns each balance and status.
 */
export async function lockWallets(
  trx: Trx,
  userIds: string[],
): Promise<Map<string, { balance: bigint; status: 'open' | 'closed' }>> {
  if (userIds.length === 0) return new Map();
  const ids = [...new Set(userIds)].sort();
  const lock = (some: string[]) =>
    trx
      .selectFrom('accounts')
      .select(['id', 'balance', 'status'])
      .where('kind', '=', 'user')
      .where('id', 'in', some)
      .orderBy('id')
      .forUpdate()
      .execute();
  const wallets = new Map(
    (await lock(ids)).map((r) => [r.id, { balance: BigInt(r.balance ?? 0), status: r.status }]),
  );
  // Nearly every wallet exists already, and an upsert of them all cost more than the lock (each
  // row a speculative insert that finds its conflict), so only the missing ones are inserted,
  // then locked, after the others. Two batches can deadlock only if both need two new wallets
  // and a third batch commits one of them between their first locks; Postgres then fails one,
  // and a failed batch is done again one item at a time (groupCommit).
  const missing = ids.filter((id) => !wallets.has(id));
  if (missing.length > 0) {
    await trx
      .insertInto('accounts')
      .values(missing.map((id) => ({ id, kind: 'user' as const, balance: 0 })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const r of await lock(missing))
      wallets.set(r.id, { balance: BigInt(r.balance ?? 0), status: r.status });
  }
  return wallets;
}

/**
 * Adds each delta to its wallet (locked by `lockWallets`, whose balances the deltas were
 * planned from): a wallet that moved meanwhile is a bug, and rolls the batch back.
 */
export async function moveWallets(
  trx: Trx,
  deltas: Map<string, bigint>,
  locked: Map<string, { balance: bigint }>,
): Promise<void> {
  if (deltas.size === 0) return;
  const values = sql.join([...deltas].map(([id, d]) => sql`(${id}::text, ${d.toString()}::bigint)`));
  const { rows } = await sql<{ id: string; balance: string }>`
    update accounts a set balance = a.balance + v.delta
    from (values ${values}) as v(id, delta)
    where a.id = v.id and a.kind = 'user'
    returning a.id, a.balance`.execute(trx);
  for (const r of rows)
    if (BigInt(r.balance) !== (locked.get(r.id)?.balance ?? 0n) + (deltas.get(r.id) ?? 0n))
      throw new Error(`wallet ${r.id} moved under the batch`);
  if (rows.length !== deltas.size) throw new Error('a wallet of the batch is missing');
}

/** Writes the postings of many transactions (in chunks under the parameter limit). */
export async function insertPostings(
  trx: Trx,
  items: Array<{
    transactionId: string;
    postings: Posting[];
    userBalanceAfter: bigint | null;
    bonusBalanceAfter?: bigint | null;
  }>,
) {
  const rows = items.flatMap((t) =>
    t.postings.map((p) => ({
      transactionId: t.transactionId,
      accountId: accountId(p.account),
      amount: p.amount.toString(),
      balanceAfter:
        p.account.kind === 'user'
          ? (t.userBalanceAfter?.toString() ?? null)
          : p.account.kind === 'bonus'
            ? (t.bonusBalanceAfter?.toString() ?? null)
            : null,
    })),
  );
  if (rows.length === 0) return;
  await sql`
    insert into postings (transaction_id, account_id, amount, balance_after)
    select * from unnest(
      ${texts(rows.map((r) => r.transactionId))}, ${texts(rows.map((r) => r.accountId))},
      cast(${rows.map((r) => r.amount)} as bigint[]), cast(${rows.map((r) => r.balanceAfter)} as bigint[]))`.execute(
    trx,
  );
}

/** One `text[]` parameter (null elements allowed). */
function texts(values: Array<string | null>) {
  return sql`cast(${values} as text[])`;
}

/** Drops transactions that turned out to move nothing (their keys are free again). */
export async function dropTransactions(trx: Trx, ids: string[]) {
  if (ids.length > 0) await trx.deleteFrom('transactions').where('id', 'in', ids).execute();
}

/** Transactions whose postings touch no wallet after all (a win that only repaid a debt). */
export async function detachFromWallet(trx: Trx, ids: string[]) {
  if (ids.length > 0)
    await trx.updateTable('transactions').set({ user_id: null }).where('id', 'in', ids).execute();
}
