import type { TypeClause } from '@bet/proto-events';
import { sql } from 'kysely';
import { summarize, type TypeTotal, type WalletSummary } from '../domain/transactions';
import type { Trx } from './db';

/**
 * The posting a statement line shows: the cash wallet's, except for the movements that touch
 * only the bonus account (a grant, an expiry), which show the bonus account's amount and
 * balance (decision wallet-007).
 */
const statementAccount = sql<boolean>`p.account_id = case when t.type in ('bonus_grant', 'bonus_expiry')
  then 'bonus:' || t.user_id else t.user_id end`;

export interface StatementQuery {
  userId: string;
  /** any of these (undefined = every type) */
  types?: readonly TypeClause[];
  from?: Date;
  /** exclusive */
  to?: Date;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export interface StatementLine {
  id: string;
  createdAt: Date;
  type: string;
  amount: bigint;
  balanceAfter: bigint;
  description: string;
  /** for a withdrawal request's line: where the request stands now */
  withdrawalStatus: 'pending' | 'approved' | 'rejected' | null;
}

/** A wallet's lines: one per transaction that touched it, with its signed amount and running balance. */
export async function statement(
  db: Trx,
  q: StatementQuery,
): Promise<{ lines: StatementLine[]; count: number }> {
  let base = db
    .selectFrom('transactions as t')
    .innerJoin('postings as p', (j) => j.onRef('p.transaction_id', '=', 't.id').on(statementAccount))
    .where('t.user_id', '=', q.userId);
  const clauses = q.types;
  if (clauses)
    base = base.where((eb) =>
      eb.or(
        clauses.map((c) =>
          c.sign
            ? eb.and([eb('t.type', '=', c.type), eb('p.amount', c.sign === 'credit' ? '>=' : '<', '0')])
            : eb('t.type', '=', c.type),
        ),
      ),
    );
  if (q.from) base = base.where('t.created_at', '>=', q.from);
  if (q.to) base = base.where('t.created_at', '<', q.to);
  const [rows, total] = await Promise.all([
    base
      // a withdrawal's request line says where the request stands (it is the one line the player
      // sees for it until a rejection refunds it)
      .leftJoin('withdrawals as w', 'w.request_tx_id', 't.id')
      .select(['t.id', 't.created_at', 't.type', 't.description', 'p.amount', 'p.balance_after', 'w.status'])
      .orderBy('t.created_at', q.order)
      .orderBy('t.seq', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return {
    count: Number(total?.n ?? 0),
    lines: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      type: r.type,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balance_after ?? 0),
      description: r.description,
      withdrawalStatus: r.status ?? null,
    })),
  };
}

export async function summary(db: Trx, userId: string): Promise<WalletSummary> {
  const rows = await db
    .selectFrom('transactions as t')
    .innerJoin('postings as p', (j) => j.onRef('p.transaction_id', '=', 't.id').on(statementAccount))
    .select(['t.type', sql<string>`count(*)`.as('n'), sql<string>`sum(p.amount)`.as('total')])
    .where('t.user_id', '=', userId)
    .groupBy('t.type')
    .execute();
  const totals: TypeTotal[] = rows.map((r) => ({
    type: r.type,
    count: Number(r.n),
    amount: BigInt(r.total),
  }));
  return summarize(totals);
}
