import type { TypeClause } from '@bet/proto-events';
import { sql } from 'kysely';
import type { DB } from '../context';

export interface TxLine {
  id: string;
  userId: string;
  type: string;
  amountCents: number;
  balanceAfterCents: number;
  reference: string;
  description: string;
  createdAt: string;
}

/** Records a posted line once; returns false when it was already there (a redelivery). */
export async function insertTransaction(db: DB, t: TxLine): Promise<boolean> {
  const res = await db
    .insertInto('wallet_transactions')
    .values({
      id: t.id,
      user_id: t.userId,
      type: t.type,
      amount_cents: t.amountCents,
      balance_after_cents: t.balanceAfterCents,
      reference: t.reference,
      description: t.description,
      created_at: t.createdAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function addToDailyTotals(db: DB, day: string, type: string, amountCents: number) {
  await db
    .insertInto('daily_totals')
    .values({ day, type, amount_cents: amountCents, count: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'type']).doUpdateSet({
        amount_cents: sql`daily_totals.amount_cents + excluded.amount_cents`,
        count: sql`daily_totals.count + 1`,
      }),
    )
    .execute();
}

export async function markActive(db: DB, day: string, userId: string) {
  await db
    .insertInto('daily_active_users')
    .values({ day, user_id: userId })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .execute();
}

/** Signed totals per transaction type over all time. */
export async function totalsByType(db: DB): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('daily_totals')
    .select(['type', sql<string>`sum(amount_cents)`.as('total')])
    .groupBy('type')
    .execute();
  return new Map(rows.map((r) => [r.type, BigInt(r.total)]));
}

export async function dailyTotals(db: DB, from: string, to: string) {
  const rows = await db
    .selectFrom('daily_totals')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'type', 'amount_cents'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return rows.map((r) => ({ day: r.day, type: r.type, amountCents: BigInt(r.amount_cents) }));
}

export async function dailyActive(db: DB, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('daily_active_users')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

export interface StatementQuery {
  userId: string;
  clauses?: readonly TypeClause[];
  from?: Date;
  to?: Date;
  order: 'asc' | 'desc';
  limit: number;
}

/** One user's lines, filtered by the spec's groups and a date range, on the (user, date) index. */
export async function statement(db: DB, q: StatementQuery) {
  let query = db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', q.userId);
  if (q.clauses) {
    const clauses = q.clauses;
    query = query.where((eb) =>
      eb.or(
        clauses.map((c) =>
          c.sign
            ? eb.and([eb('type', '=', c.type), eb('amount_cents', c.sign === 'credit' ? '>=' : '<', '0')])
            : eb('type', '=', c.type),
        ),
      ),
    );
  }
  if (q.from) query = query.where('created_at', '>=', q.from);
  if (q.to) query = query.where('created_at', '<', q.to);
  return query.orderBy('created_at', q.order).orderBy('id', q.order).limit(q.limit).execute();
}
