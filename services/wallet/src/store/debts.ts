import { sql } from 'kysely';
import type { Trx } from './db';

/**
 * What a user owes the platform: the part of a correction's clawback their wallet could not
 * cover (house_receivable, negative = owed), less what later winnings paid back. Attributed
 * by the transaction's user (or its metadata.userId when the wallet itself was not touched).
 */
export async function userDebt(db: Trx, userId: string): Promise<bigint> {
  const { rows } = await sql<{ owed: string | null }>`
    select -sum(p.amount) as owed
    from postings p join transactions t on t.id = p.transaction_id
    where p.account_id = 'house_receivable'
      and coalesce(t.user_id, t.metadata->>'userId') = ${userId}`.execute(db);
  const owed = BigInt(rows[0]?.owed ?? 0);
  return owed > 0n ? owed : 0n;
}

/** Every open debt, largest first (the reconciliation report and the admin screens). */
export async function openDebts(db: Trx): Promise<Array<{ userId: string; debt: bigint }>> {
  const { rows } = await sql<{ user_id: string; owed: string }>`
    select coalesce(t.user_id, t.metadata->>'userId') as user_id, -sum(p.amount) as owed
    from postings p join transactions t on t.id = p.transaction_id
    where p.account_id = 'house_receivable'
    group by 1
    having -sum(p.amount) > 0
    order by 2 desc`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, debt: BigInt(r.owed) }));
}

/** Open debts of these users (the withdrawal queue flags them). */
export async function debtsOf(db: Trx, userIds: string[]): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: string; owed: string }>`
    select coalesce(t.user_id, t.metadata->>'userId') as user_id, -sum(p.amount) as owed
    from postings p join transactions t on t.id = p.transaction_id
    where p.account_id = 'house_receivable'
      and coalesce(t.user_id, t.metadata->>'userId') in (${sql.join(userIds)})
    group by 1
    having -sum(p.amount) > 0`.execute(db);
  return new Map(rows.map((r) => [r.user_id, BigInt(r.owed)]));
}
