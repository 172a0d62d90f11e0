import type { Selectable } from 'kysely';
import type { WalletDB } from '../db/schema';
import type { Trx } from './db';

export type AdjustmentRequestRow = Selectable<WalletDB['adjustment_requests']>;

export async function insertAdjustmentRequest(
  db: Trx,
  r: {
    id: string;
    kind: 'adjustment' | 'closed_payout';
    userId: string;
    amountCents: bigint;
    description: string;
    requestedBy: string;
  },
) {
  await db
    .insertInto('adjustment_requests')
    .values({
      id: r.id,
      kind: r.kind,
      user_id: r.userId,
      amount_cents: r.amountCents.toString(),
      description: r.description,
      requested_by: r.requestedBy,
    })
    .execute();
}

export async function adjustmentRequestRow(db: Trx, id: string) {
  return db.selectFrom('adjustment_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function adjustmentRequestRows(db: Trx, status: 'pending' | 'approved') {
  return db
    .selectFrom('adjustment_requests')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', status === 'pending' ? 'asc' : 'desc')
    .limit(200)
    .execute();
}

/** Marks a pending request approved by the adjustment that posted it. */
export async function markRequestApproved(trx: Trx, id: string, approvedBy: string, transactionId: string) {
  await trx
    .updateTable('adjustment_requests')
    .set({
      status: 'approved',
      approved_by: approvedBy,
      transaction_id: transactionId,
      decided_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
