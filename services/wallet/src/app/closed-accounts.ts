import { newId, retryOnConflict } from '@bet/kit';
import type { AppContext } from '../context';
import { systemAccount, userAccount } from '../domain/accounts';
import { NotClosedError, NothingToPayError, OwnMoneyError, WalletNotFoundError } from '../domain/errors';
import { needsSecondAdmin } from '../domain/four-eyes';
import type { Posting } from '../domain/postings';
import { insertAdjustmentRequest, markRequestApproved } from '../store/adjustments';
import type { Trx } from '../store/db';
import { adminMovedTodayCents, keyTaken, lockAdminTarget } from '../store/four-eyes';
import { lockedWalletBalance, type Posted, postTransaction } from '../store/ledger';

export const NOT_CLOSED = 'Only a closed wallet is paid out this way; an open one withdraws.';
export const NOTHING_TO_PAY = 'This closed wallet holds nothing to pay out.';
export const OWN_PAYOUT = 'You cannot pay out your own wallet.';

/**
 * Pays out the whole balance of a closed wallet (what it received after closing: a win, a
 * refund) through the payout provider, recorded with the admin's id for the audit log. An
 * admin never pays out their own wallet. Four-eyes like adjustments: when it would take what
 * this admin moved on this wallet today above ADJUSTMENT_APPROVAL_THRESHOLD, it becomes a
 * request (kind `closed_payout`) that a second admin approves.
 */
export async function payOutClosedWallet(
  ctx: AppContext,
  input: { userId: string; adminId: string; description: string; clientKey?: string },
): Promise<(Posted & { amountCents: bigint }) | { requestId: string }> {
  if (input.userId === input.adminId) throw new OwnMoneyError(OWN_PAYOUT);
  const key = input.clientKey
    ? `closed-payout:${input.adminId}:${input.clientKey}`
    : `closed-payout:${newId()}`;
  return retryOnConflict(() =>
    ctx.tx(async (trx): Promise<(Posted & { amountCents: bigint }) | { requestId: string }> => {
      await lockAdminTarget(trx, input.adminId, input.userId);
      const account = await lockedWalletBalance(trx, input.userId);
      if (!account) throw new WalletNotFoundError();
      if (account.status !== 'closed') throw new NotClosedError(NOT_CLOSED);
      const amount = account.balance;
      if (amount <= 0n) throw new NothingToPayError(NOTHING_TO_PAY);
      if (!(await keyTaken(trx, key))) {
        const moved = await adminMovedTodayCents(trx, input.adminId, input.userId);
        if (needsSecondAdmin(moved, amount, ctx.config.ADJUSTMENT_APPROVAL_THRESHOLD)) {
          const id = newId();
          await insertAdjustmentRequest(trx, {
            id,
            kind: 'closed_payout',
            userId: input.userId,
            amountCents: -amount,
            description: input.description,
            requestedBy: input.adminId,
          });
          return { requestId: id };
        }
      }
      const posted = await postClosedPayout(trx, { ...input, key, amountCents: amount });
      return { ...posted, amountCents: amount };
    }),
  );
}

/** The payout itself: the amount leaves the closed wallet for the provider's clearing account. */
export async function postClosedPayout(
  trx: Trx,
  input: {
    key: string;
    userId: string;
    adminId: string;
    description: string;
    amountCents: bigint;
    /** set when this posts an approved four-eyes request */
    request?: { id: string; requestedBy: string };
  },
): Promise<Posted> {
  const amount = input.amountCents;
  const postings: Posting[] = [
    { account: userAccount(input.userId), amount: -amount },
    { account: systemAccount('provider_clearing'), amount },
  ];
  const posted = await postTransaction(
    trx,
    {
      key: input.key,
      type: 'withdrawal',
      userId: input.userId,
      reference: `admin:${input.adminId}`,
      description: input.description,
      requested: -amount,
      actorId: input.adminId,
      allowClosedDebit: true,
      metadata: input.request
        ? {
            adminId: input.adminId,
            closedWalletPayout: true,
            requestedBy: input.request.requestedBy,
            approvedBy: input.adminId,
          }
        : { adminId: input.adminId, closedWalletPayout: true },
    },
    () => postings,
  );
  if (input.request) await markRequestApproved(trx, input.request.id, input.adminId, posted.transactionId);
  return posted;
}
