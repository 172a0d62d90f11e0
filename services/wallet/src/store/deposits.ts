import { sql } from 'kysely';
import type { Trx } from './db';

/** One player's checkouts in turn, for the rest of the transaction. */
export async function lockDepositsOf(trx: Trx, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`deposit:${userId}`}))`.execute(trx);
}

/** What a player deposited, or still awaits payment for, since each window's start. */
export async function depositUsage(
  trx: Trx,
  userId: string,
  windows: { daily: Date; weekly: Date; monthly: Date },
  since: Date,
) {
  const row = await trx
    .selectFrom('deposits')
    .select([
      sql<string>`coalesce(sum(amount_cents) filter (where created_at >= ${windows.daily}), 0)`.as('daily'),
      sql<string>`coalesce(sum(amount_cents) filter (where created_at >= ${windows.weekly}), 0)`.as('weekly'),
      sql<string>`coalesce(sum(amount_cents) filter (where created_at >= ${windows.monthly}), 0)`.as(
        'monthly',
      ),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'completed', 'held'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { daily: BigInt(row.daily), weekly: BigInt(row.weekly), monthly: BigInt(row.monthly) };
}

export async function insertDeposit(
  trx: Trx,
  d: {
    id: string;
    userId: string;
    provider: string;
    reference: string;
    amountKobo: bigint;
    amountCents: bigint;
    ngnPerUsd: string;
  },
) {
  await trx
    .insertInto('deposits')
    .values({
      id: d.id,
      user_id: d.userId,
      provider: d.provider,
      reference: d.reference,
      amount_kobo: d.amountKobo,
      amount_cents: d.amountCents,
      ngn_per_usd: d.ngnPerUsd,
    })
    .execute();
}

/** The provider could not even start the checkout. */
export async function markDepositFailed(db: Trx, id: string, reason: string) {
  await db
    .updateTable('deposits')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', id)
    .execute();
}

export async function depositByReference(db: Trx, reference: string, provider: string) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('reference', '=', reference)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** A pending deposit the provider failed or cancelled (or paid wrongly): closed, not credited. */
export async function closeUncredited(
  db: Trx,
  id: string,
  status: 'failed' | 'cancelled',
  reason: string,
  providerTxId: string | null,
) {
  await db
    .updateTable('deposits')
    .set({ status, failure_reason: reason, provider_tx_id: providerTxId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Marks a pending deposit completed; false when it no longer is pending. The row lock makes
 * concurrent deliveries of one webhook take turns, and the loser sees it completed.
 */
export async function claimDeposit(trx: Trx, id: string, providerTxId: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('deposits')
    .set({ status: 'completed', completed_at: new Date(), provider_tx_id: providerTxId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id'])
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function holdDeposit(trx: Trx, id: string, reason: string) {
  await trx
    .updateTable('deposits')
    .set({ status: 'held', failure_reason: reason })
    .where('id', '=', id)
    .execute();
}

export async function linkDepositTransaction(trx: Trx, id: string, transactionId: string) {
  await trx.updateTable('deposits').set({ transaction_id: transactionId }).where('id', '=', id).execute();
}

/** Payments that completed after their wallet closed, newest first. */
export async function heldDeposits(db: Trx) {
  return db
    .selectFrom('deposits')
    .select([
      'id',
      'user_id',
      'provider',
      'reference',
      'amount_kobo',
      'amount_cents',
      'provider_tx_id',
      'created_at',
    ])
    .where('status', '=', 'held')
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}
