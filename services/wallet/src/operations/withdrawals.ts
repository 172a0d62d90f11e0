import { conflict, forbidden, newId, notFound, recordEvent, unprocessable } from '@bet/kit';
import { WalletWithdrawalProcessed, WalletWithdrawalRequested } from '@bet/proto-events';
import { type Selectable, sql } from 'kysely';
import type { WalletContext } from '../context';
import { lockedWalletBalance, postTransaction, type Trx } from '../db/ledger';
import type { WalletDB } from '../db/schema';
import {
  withdrawalHoldPostings,
  withdrawalPayoutPostings,
  withdrawalReversalPostings,
} from '../domain/postings';
import { keys } from '../domain/references';
import { alreadyProcessedMessage, type Decision, type WithdrawalStatus } from '../domain/withdrawals';
import type { PayoutProvider } from '../providers/types';
import { debtMessage, userDebt } from './debts';
import { withRetry } from './money';

type WithdrawalRow = Selectable<WalletDB['withdrawals']>;

/**
 * Holds the amount at once: the money leaves the wallet for pending_withdrawals in the same
 * transaction that records the request, so it cannot be staked while an admin decides.
 * `clientKey` (the Idempotency-Key header) makes a double-submitted form one request.
 */
export async function requestWithdrawal(
  ctx: WalletContext,
  input: { userId: string; amountCents: bigint; clientKey?: string },
): Promise<{ withdrawal: WithdrawalRow; duplicate: boolean }> {
  return withRetry(() =>
    ctx.tx(async (trx) => {
      // money owed from a corrected result is repaid before any leaves (the row lock keeps a
      // win's repayment and this check in one order)
      await lockedWalletBalance(trx, input.userId);
      const debt = await userDebt(trx, input.userId);
      if (debt > 0n) throw unprocessable(debtMessage(debt), 'debt_open');
      const id = newId();
      const key = input.clientKey
        ? `withdrawal-request:${input.userId}:${input.clientKey}`
        : keys.withdrawal(id);
      const posted = await postTransaction(
        trx,
        {
          key,
          type: 'withdrawal',
          userId: input.userId,
          reference: id,
          description: 'Withdrawal request',
          requested: -input.amountCents,
        },
        () => withdrawalHoldPostings(input.userId, input.amountCents),
      );
      if (posted.duplicate) {
        const existing = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('request_tx_id', '=', posted.transactionId)
          .executeTakeFirstOrThrow();
        return { withdrawal: existing, duplicate: true };
      }
      const withdrawal = await trx
        .insertInto('withdrawals')
        .values({ id, user_id: input.userId, amount: input.amountCents, request_tx_id: posted.transactionId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, WalletWithdrawalRequested.subject, {
        withdrawalId: id,
        userId: input.userId,
        amountCents: Number(input.amountCents),
      });
      return { withdrawal: withdrawal, duplicate: false };
    }),
  );
}

/**
 * An admin's decision, taken once: the row lock and the pending check make a second or
 * concurrent decision a 409. Approval moves the hold to the provider's clearing account and
 * queues the payout; rejection returns the hold to the wallet.
 */
export async function processWithdrawal(
  ctx: WalletContext,
  payouts: PayoutProvider,
  input: { id: string; decision: Decision; notes: string; adminId: string },
): Promise<WithdrawalRow> {
  const processed = await withRetry(() =>
    ctx.tx(async (trx) => {
      const w = await trx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!w) throw notFound('Withdrawal request not found');
      // separation of duties: whoever asks for the money is not who lets it out
      if (w.user_id === input.adminId) throw forbidden('You cannot process your own withdrawal request.');
      if (w.status !== 'pending')
        throw conflict(alreadyProcessedMessage(w.status as WithdrawalStatus), 'already_processed');
      const amount = BigInt(w.amount);
      const base = { key: keys.withdrawalDecision(w.id), reference: w.id, actorId: input.adminId };
      const posted =
        input.decision === 'approved'
          ? await postTransaction(
              trx,
              {
                ...base,
                type: 'withdrawal_payout',
                userId: null,
                description: 'Withdrawal paid out',
                requested: 0n,
                metadata: { userId: w.user_id },
              },
              () => withdrawalPayoutPostings(amount),
            )
          : await postTransaction(
              trx,
              {
                ...base,
                type: 'withdrawal_reversal',
                userId: w.user_id,
                description: `Withdrawal rejected: ${input.notes}`.slice(0, 500),
                requested: amount,
              },
              () => withdrawalReversalPostings(w.user_id, amount),
            );
      const row = await trx
        .updateTable('withdrawals')
        .set({
          status: input.decision,
          admin_notes: input.notes,
          processed_by: input.adminId,
          processed_at: new Date(),
          process_tx_id: posted.transactionId,
          payout_status: input.decision === 'approved' ? 'queued' : null,
        })
        .where('id', '=', w.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, WalletWithdrawalProcessed.subject, {
        withdrawalId: w.id,
        userId: w.user_id,
        amountCents: Number(amount),
        status: input.decision,
        adminNotes: input.notes,
        processedBy: input.adminId,
      });
      return row;
    }),
  );
  if (processed.status !== 'approved') return processed;
  // the decision is committed; a payout hiccup is retried later, never undoes it
  const paid = await sendPayout(ctx, payouts, processed.id).catch((err) => {
    ctx.logger.error({ err, withdrawalId: processed.id }, 'payout not sent; the retry pass will');
    return undefined;
  });
  return paid ?? processed;
}

/**
 * Hands an approved withdrawal to the payout provider, outside any database transaction.
 * The withdrawal id is the provider reference, so a retry after a crash cannot pay twice.
 */
export async function sendPayout(
  ctx: WalletContext,
  payouts: PayoutProvider,
  id: string,
): Promise<WithdrawalRow | undefined> {
  const w = await ctx.db
    .updateTable('withdrawals')
    .set((eb) => ({ payout_attempts: eb('payout_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('payout_status', 'in', ['queued', 'failed'])
    .returningAll()
    .executeTakeFirst();
  if (!w) return undefined;
  try {
    const { providerReference } = await payouts.payout({
      reference: w.id,
      userId: w.user_id,
      amountCents: BigInt(w.amount),
    });
    return await ctx.db
      .updateTable('withdrawals')
      .set({ payout_status: 'paid', payout_reference: providerReference, payout_error: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (err) {
    ctx.logger.error({ err, withdrawalId: id }, 'payout failed; will retry');
    return await ctx.db
      .updateTable('withdrawals')
      .set({ payout_status: 'failed', payout_error: (err as Error).message.slice(0, 500) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}

/** Picks up payouts a crash or a provider outage left behind. */
export async function retryPayouts(
  ctx: WalletContext,
  payouts: PayoutProvider,
  maxAttempts = 10,
): Promise<number> {
  const due = await ctx.db
    .selectFrom('withdrawals')
    .select('id')
    .where('payout_status', 'in', ['queued', 'failed'])
    .where('payout_attempts', '<', maxAttempts)
    .where('processed_at', '<', sql<Date>`now() - interval '30 seconds'`)
    .limit(50)
    .execute();
  for (const { id } of due) await sendPayout(ctx, payouts, id);
  return due.length;
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
