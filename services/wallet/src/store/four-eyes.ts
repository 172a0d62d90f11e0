import { sql } from 'kysely';
import type { Trx } from './db';

/**
 * One admin's money moves on one wallet are decided one at a time, so two adjustments sent
 * together cannot both slip under the daily threshold.
 */
export async function lockAdminTarget(trx: Trx, adminId: string, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`four-eyes:${adminId}:${userId}`}, 0))`.execute(
    trx,
  );
}

/**
 * What this admin moved on this wallet today (UTC) on their own authority: adjustments and
 * closed-wallet payouts in either direction, as a sum of absolute amounts. Movements a second
 * admin approved are left out (they had their second pair of eyes).
 */
export async function adminMovedTodayCents(trx: Trx, adminId: string, userId: string): Promise<bigint> {
  const { rows } = await sql<{ moved: string | null }>`
    select sum(abs(p.amount)) as moved
    from transactions t join postings p on p.transaction_id = t.id and p.account_id = t.user_id
    where t.actor_id = ${adminId} and t.user_id = ${userId}
      and t.created_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
      and t.reference = ${`admin:${adminId}`}
      and t.type in ('adjustment', 'withdrawal')
      and t.metadata->>'approvedBy' is null`.execute(trx);
  return BigInt(rows[0]?.moved ?? 0);
}

export async function keyTaken(trx: Trx, key: string): Promise<boolean> {
  const row = await trx
    .selectFrom('transactions')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How much admin credit stands behind a withdrawal: the crediting adjustments of the wallet
 * since its last approved withdrawal and before this request, who made them (poster,
 * requester, approver), and the wallet's balance just before the request held the amount.
 */
export async function adjustmentFunding(
  trx: Trx,
  w: {
    id: string;
    user_id: string;
    amount: string | bigint;
    request_tx_id: string;
    created_at: Date | string;
  },
): Promise<{ creditedCents: bigint; creditors: string[]; balanceBeforeCents: bigint }> {
  const { rows } = await sql<{ amount: string; actor_id: string | null; requested_by: string | null }>`
    select p.amount, t.actor_id, t.metadata->>'requestedBy' as requested_by
    from transactions t join postings p on p.transaction_id = t.id and p.account_id = t.user_id
    where t.user_id = ${w.user_id} and t.type = 'adjustment' and t.reference like 'admin:%'
      and p.amount > 0
      and t.created_at <= ${new Date(w.created_at)}
      and t.created_at > coalesce((select max(x.processed_at) from withdrawals x
        where x.user_id = ${w.user_id} and x.status = 'approved' and x.id <> ${w.id}), '-infinity')`.execute(
    trx,
  );
  const request = await trx
    .selectFrom('postings')
    .select('balance_after')
    .where('transaction_id', '=', w.request_tx_id)
    .where('account_id', '=', w.user_id)
    .executeTakeFirst();
  const creditors = new Set<string>();
  let credited = 0n;
  for (const r of rows) {
    credited += BigInt(r.amount);
    if (r.actor_id) creditors.add(r.actor_id);
    if (r.requested_by) creditors.add(r.requested_by);
  }
  return {
    creditedCents: credited,
    creditors: [...creditors],
    balanceBeforeCents: BigInt(request?.balance_after ?? 0) + BigInt(w.amount),
  };
}

export async function recordFirstApproval(trx: Trx, id: string, adminId: string) {
  return trx
    .updateTable('withdrawals')
    .set({ first_approved_by: adminId, first_approved_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
}
