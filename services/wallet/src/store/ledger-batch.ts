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
  const claimed = await trx
    .insertInto('transactions')
    .values(
      rows.map((r) => ({
        id: newId(),
        idempotency_key: r.key,
        type: r.type,
        user_id: r.userId,
        reference: r.reference,
        description: r.description,
        fingerprint: r.fingerprint,
        metadata: JSON.stringify(r.metadata),
      })),
    )
    .onConflict((oc) => oc.constraint('transactions_idempotency_key').doNothing())
    .returning(['id', 'idempotency_key', 'created_at'])
    .execute();
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
  await trx
    .insertInto('accounts')
    .values(ids.map((id) => ({ id, kind: 'user' as const, balance: 0 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('accounts')
    .select(['id', 'balance', 'status'])
    .where('kind', '=', 'user')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, { balance: BigInt(r.balance ?? 0), status: r.status }]));
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
  items: Array<{ transactionId: string; postings: Posting[]; userBalanceAfter: bigint | null }>,
) {
  const rows = items.flatMap((t) =>
    t.postings.map((p) => ({
      transaction_id: t.transactionId,
      account_id: accountId(p.account),
      amount: p.amount,
      balance_after: p.account.kind === 'user' ? t.userBalanceAfter : null,
    })),
  );
  for (let i = 0; i < rows.length; i += 5_000) {
    await trx
      .insertInto('postings')
      .values(rows.slice(i, i + 5_000))
      .execute();
  }
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
