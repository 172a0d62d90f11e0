import { newId } from '@bet/kit';
import type { WalletContext } from '../context';
import { type Posted, postTransaction } from '../db/ledger';
import { adjustmentPostings } from '../domain/postings';
import { keys } from '../domain/references';
import { withRetry } from './money';

/**
 * An admin's signed correction of a wallet, against the house, recorded with the admin's id
 * (actor_id) and reason. It cannot take a balance below zero: the CHECK refuses it.
 */
export async function adjustWallet(
  ctx: WalletContext,
  input: { userId: string; amountCents: bigint; description: string; adminId: string; clientKey?: string },
): Promise<Posted> {
  const key = input.clientKey ? `adjustment:${input.adminId}:${input.clientKey}` : keys.adjustment(newId());
  return withRetry(() =>
    ctx.tx((trx) =>
      postTransaction(
        trx,
        {
          key,
          type: 'adjustment',
          userId: input.userId,
          reference: `admin:${input.adminId}`,
          description: input.description,
          requested: input.amountCents,
          actorId: input.adminId,
          metadata: { adminId: input.adminId },
        },
        () => adjustmentPostings(input.userId, input.amountCents),
      ),
    ),
  );
}
