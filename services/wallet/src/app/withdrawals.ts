import { newId, recordEvents, retryOnConflict } from '@bet/kit';
import { moneyKeys, WalletWithdrawalProcessed, WalletWithdrawalRequested } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  AlreadyApprovedError,
  AlreadyProcessedError,
  ApprovalDebtOpenError,
  DebtOpenError,
  OwnMoneyError,
  WithdrawalNotFoundError,
} from '../domain/errors';
import {
  ALREADY_APPROVED_ONCE,
  approvalDebtMessage,
  fundedByAdjustments,
  OWN_CREDIT,
  withdrawalNeedsTwoApprovals,
} from '../domain/four-eyes';
import {
  withdrawalHoldPostings,
  withdrawalPayoutPostings,
  withdrawalReversalPostings,
} from '../domain/postings';
import {
  alreadyProcessedMessage,
  type Decision,
  debtMessage,
  type WithdrawalStatus,
} from '../domain/withdrawals';
import type { PayoutProvider } from '../providers/types';
import type { WithdrawalRow } from '../store/db';
import { userDebt } from '../store/debts';
import { adjustmentFunding, recordFirstApproval } from '../store/four-eyes';
import { lockedWalletBalance, postTransaction } from '../store/ledger';
import {
  claimPayout,
  duePayouts,
  insertWithdrawal,
  listWithdrawals,
  lockedWithdrawal,
  markPayoutFailed,
  markPayoutPaid,
  recordDecision,
  withdrawalByRequestTx,
  withdrawalView,
} from '../store/withdrawals';

export type { WithdrawalView } from '../store/withdrawals';

/**
 * Holds the amount at once: the money leaves the wallet for pending_withdrawals in the same
 * transaction that records the request, so it cannot be staked while an admin decides.
 * `clientKey` (the Idempotency-Key header) makes a double-submitted form one request.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  input: { userId: string; amountCents: bigint; clientKey?: string },
): Promise<{ withdrawal: WithdrawalRow; duplicate: boolean }> {
  return retryOnConflict(() =>
    ctx.tx(async (trx) => {
      // money owed from a corrected result is repaid before any leaves (the row lock keeps a
      // win's repayment and this check in one order)
      await lockedWalletBalance(trx, input.userId);
      const debt = await userDebt(trx, input.userId);
      if (debt > 0n) throw new DebtOpenError(debtMessage(debt));
      const id = newId();
      const key = input.clientKey
        ? `withdrawal-request:${input.userId}:${input.clientKey}`
        : moneyKeys.withdrawal(id);
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
        const existing = await withdrawalByRequestTx(trx, posted.transactionId);
        return { withdrawal: existing, duplicate: true };
      }
      const withdrawal = await insertWithdrawal(trx, {
        id,
        userId: input.userId,
        amountCents: input.amountCents,
        requestTxId: posted.transactionId,
      });
      await recordEvents(trx, WalletWithdrawalRequested, [
        {
          data: {
            withdrawalId: id,
            userId: input.userId,
            amountCents: Number(input.amountCents),
          },
        },
      ]);
      return { withdrawal: withdrawal, duplicate: false };
    }),
  );
}

/**
 * An admin's decision, taken once: the row lock and the pending check make a second or
 * concurrent decision a 409. Approval moves the hold to the provider's clearing account and
 * queues the payout; rejection returns the hold to the wallet. An approval is refused while the
 * player owes a clawback, and by an admin who credited the money it pays; above
 * WITHDRAWAL_APPROVAL_THRESHOLD, or when admin credits pay for it, the first approval only
 * records itself and a second admin's approval lets the money out.
 */
export async function processWithdrawal(
  ctx: AppContext,
  payouts: PayoutProvider,
  input: { id: string; decision: Decision; notes: string; adminId: string },
): Promise<WithdrawalRow> {
  const processed = await retryOnConflict(() =>
    ctx.tx(async (trx) => {
      const w = await lockedWithdrawal(trx, input.id);
      if (!w) throw new WithdrawalNotFoundError();
      // separation of duties: whoever asks for the money is not who lets it out
      if (w.user_id === input.adminId)
        throw new OwnMoneyError('You cannot process your own withdrawal request.');
      if (w.status !== 'pending')
        throw new AlreadyProcessedError(alreadyProcessedMessage(w.status as WithdrawalStatus));
      const amount = BigInt(w.amount);
      if (input.decision === 'approved') {
        // no money leaves while the player owes a clawback (the debt is repaid from winnings first)
        const debt = await userDebt(trx, w.user_id);
        if (debt > 0n) throw new ApprovalDebtOpenError(approvalDebtMessage(debt));
        const funding = { amountCents: amount, ...(await adjustmentFunding(trx, w)) };
        // whoever credited the money is not who lets it out
        if (fundedByAdjustments(funding) && funding.creditors.includes(input.adminId))
          throw new OwnMoneyError(OWN_CREDIT);
        if (withdrawalNeedsTwoApprovals(funding, ctx.config.WITHDRAWAL_APPROVAL_THRESHOLD)) {
          // the first approval is recorded; the withdrawal stays pending for a second admin
          if (!w.first_approved_by) return recordFirstApproval(trx, w.id, input.adminId);
          if (w.first_approved_by === input.adminId) throw new AlreadyApprovedError(ALREADY_APPROVED_ONCE);
        }
      }
      const base = { key: moneyKeys.withdrawalDecision(w.id), reference: w.id, actorId: input.adminId };
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
                metadata: w.first_approved_by
                  ? { userId: w.user_id, firstApprovedBy: w.first_approved_by }
                  : { userId: w.user_id },
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
      const row = await recordDecision(trx, w.id, {
        decision: input.decision,
        notes: input.notes,
        adminId: input.adminId,
        transactionId: posted.transactionId,
      });
      await recordEvents(trx, WalletWithdrawalProcessed, [
        {
          data: {
            withdrawalId: w.id,
            userId: w.user_id,
            amountCents: Number(amount),
            status: input.decision,
            adminNotes: input.notes,
            processedBy: input.adminId,
          },
        },
      ]);
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
  ctx: AppContext,
  payouts: PayoutProvider,
  id: string,
): Promise<WithdrawalRow | undefined> {
  const w = await claimPayout(ctx.db, id);
  if (!w) return undefined;
  try {
    const { providerReference } = await payouts.payout({
      reference: w.id,
      userId: w.user_id,
      amountCents: BigInt(w.amount),
    });
    return await markPayoutPaid(ctx.db, id, providerReference);
  } catch (err) {
    ctx.logger.error({ err, withdrawalId: id }, 'payout failed; will retry');
    return await markPayoutFailed(ctx.db, id, (err as Error).message.slice(0, 500));
  }
}

/** Picks up payouts a crash or a provider outage left behind. */
export async function retryPayouts(
  ctx: AppContext,
  payouts: PayoutProvider,
  maxAttempts = 10,
): Promise<number> {
  const due = await duePayouts(ctx.db, maxAttempts);
  for (const { id } of due) await sendPayout(ctx, payouts, id);
  return due.length;
}

/** The admin queue: one status's requests with who asked and what they hold. */
export function withdrawalQueue(ctx: AppContext, status: WithdrawalStatus, limit: number) {
  return listWithdrawals(ctx.db, status, limit);
}

export function withdrawalDetails(ctx: AppContext, id: string) {
  return withdrawalView(ctx.db, id);
}
