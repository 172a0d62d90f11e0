import { sql } from 'kysely';
import type { Decision, WithdrawalStatus } from '../domain/withdrawals';
import type { Trx, WithdrawalRow } from './db';

export async function withdrawalByRequestTx(trx: Trx, transactionId: string): Promise<WithdrawalRow> {
  return trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('request_tx_id', '=', transactionId)
    .executeTakeFirstOrThrow();
}

export async function insertWithdrawal(
  trx: Trx,
  w: { id: string; userId: string; amountCents: bigint; requestTxId: string },
): Promise<WithdrawalRow> {
  return trx
    .insertInto('withdrawals')
    .values({ id: w.id, user_id: w.userId, amount: w.amountCents, request_tx_id: w.requestTxId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The request, row-locked for a decision. */
export async function lockedWithdrawal(trx: Trx, id: string): Promise<WithdrawalRow | undefined> {
  return trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function recordDecision(
  trx: Trx,
  id: string,
  d: { decision: Decision; notes: string; adminId: string; transactionId: string },
): Promise<WithdrawalRow> {
  return trx
    .updateTable('withdrawals')
    .set({
      status: d.decision,
      admin_notes: d.notes,
      processed_by: d.adminId,
      processed_at: new Date(),
      process_tx_id: d.transactionId,
      payout_status: d.decision === 'approved' ? 'queued' : null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Counts a payout attempt of a queued or failed payout; undefined when there is none to send. */
export async function claimPayout(db: Trx, id: string): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set((eb) => ({ payout_attempts: eb('payout_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('payout_status', 'in', ['queued', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

export async function markPayoutPaid(db: Trx, id: string, providerReference: string) {
  return db
    .updateTable('withdrawals')
    .set({ payout_status: 'paid', payout_reference: providerReference, payout_error: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function markPayoutFailed(db: Trx, id: string, error: string) {
  return db
    .updateTable('withdrawals')
    .set({ payout_status: 'failed', payout_error: error })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Payouts a crash or a provider outage left behind (decided more than 30 s ago). */
export async function duePayouts(db: Trx, maxAttempts: number) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('payout_status', 'in', ['queued', 'failed'])
    .where('payout_attempts', '<', maxAttempts)
    .where('processed_at', '<', sql<Date>`now() - interval '30 seconds'`)
    .limit(50)
    .execute();
}

/** A withdrawal with its requester's name, email and current balance, as the admin screen shows it. */
function withdrawalsWithUser(db: Trx) {
  return db
    .selectFrom('withdrawals as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('accounts as a', 'a.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'w.amount',
      'w.status',
      'w.admin_notes',
      'w.created_at',
      'w.processed_at',
      'w.first_approved_by',
      'u.username',
      'u.email',
      'a.balance',
      // an open debt (a correction's clawback not yet repaid) flags the request in the queue
      sql<string>`(select coalesce(-sum(p.amount), 0) from postings p join transactions t on t.id = p.transaction_id
        where p.account_id = 'house_receivable' and coalesce(t.user_id, t.metadata->>'userId') = w.user_id)`.as(
        'debt',
      ),
    ]);
}

export async function listWithdrawals(db: Trx, status: WithdrawalStatus, limit: number) {
  return (
    withdrawalsWithUser(db)
      .where('w.status', '=', status)
      // pending is a queue (oldest first); decided requests read like a history (newest first)
      .orderBy('w.created_at', status === 'pending' ? 'asc' : 'desc')
      .orderBy('w.id', status === 'pending' ? 'asc' : 'desc')
      .limit(limit)
      .execute()
  );
}

export async function withdrawalView(db: Trx, id: string) {
  return withdrawalsWithUser(db).where('w.id', '=', id).executeTakeFirstOrThrow();
}
export type WithdrawalView = Awaited<ReturnType<typeof withdrawalView>>;

/** Money held for a user's withdrawals still waiting for an admin. */
export async function pendingWithdrawalCents(db: Trx, userId: string): Promise<number> {
  const held = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('cents'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(held?.cents ?? 0);
}
