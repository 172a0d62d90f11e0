import { conflict, HttpError, newId, retryOnConflict } from '@bet/kit';
import type { AppContext } from '../context';
import { systemAccount, userAccount } from '../domain/accounts';
import type { Posting } from '../domain/postings';
import { lockedWalletBalance, type Posted, postTransaction } from '../store/ledger';

export const NOT_CLOSED = 'Only a closed wallet is paid out this way; an open one withdraws.';
export const NOTHING_TO_PAY = 'This closed wallet holds nothing to pay out.';

/**
 * Pays out the whole balance of a closed wallet (what it received after closing: a win, a
 * refund) through the payout provider, recorded with the admin's id for the audit log. An
 * admin never pays out their own wallet.
 */
export async function payOutClosedWallet(
  ctx: AppContext,
  input: { userId: string; adminId: string; description: string; clientKey?: string },
): Promise<Posted & { amountCents: bigint }> {
  if (input.userId === input.adminId) throw new HttpError(403, 'You cannot pay out your own wallet.');
  const key = input.clientKey
    ? `closed-payout:${input.adminId}:${input.clientKey}`
    : `closed-payout:${newId()}`;
  return retryOnConflict(() =>
    ctx.tx(async (trx) => {
      const account = await lockedWalletBalance(trx, input.userId);
      if (!account) throw new HttpError(404, 'Wallet not found');
      if (account.status !== 'closed') throw conflict(NOT_CLOSED);
      const amount = account.balance;
      if (amount <= 0n) throw conflict(NOTHING_TO_PAY);
      const postings: Posting[] = [
        { account: userAccount(input.userId), amount: -amount },
        { account: systemAccount('provider_clearing'), amount },
      ];
      const posted = await postTransaction(
        trx,
        {
          key,
          type: 'withdrawal',
          userId: input.userId,
          reference: `admin:${input.adminId}`,
          description: input.description,
          requested: -amount,
          actorId: input.adminId,
          allowClosedDebit: true,
          metadata: { adminId: input.adminId, closedWalletPayout: true },
        },
        () => postings,
      );
      return { ...posted, amountCents: amount };
    }),
  );
}
