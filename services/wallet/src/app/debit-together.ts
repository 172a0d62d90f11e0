import { retryOnConflict } from '@bet/kit';
import type { CommandReply, CommandRequest, WalletDebit } from '@bet/proto-events';
import type { AppContext } from '../context';
import { splitHolds } from '../domain/holds';
import { fingerprint } from '../domain/references';
import { planStakes, type StakeRequest } from '../domain/stake-batch';
import type { UserTxType } from '../domain/transactions';
import { lockKeys, refusedKeys } from '../store/debit-refusals';
import { addManyHolds } from '../store/holds';
import { recordPosted } from '../store/ledger';
import {
  claimTransactions,
  dropTransactions,
  insertPostings,
  lockWallets,
  moveWallets,
} from '../store/ledger-batch';
import { debitCommand } from './commands';
import { failpoint } from './failpoint';

type DebitRequest = CommandRequest<typeof WalletDebit>;
type DebitReply = CommandReply<typeof WalletDebit>;

/**
 * `wallet.debit` in batches (the responder's group commit): the stakes that arrive while a
 * batch is written go in the next one, and a batch takes all the stakes its wallets cover in
 * one transaction, a statement per step; one hot wallet takes a batch of stakes with one
 * update. Everything else — a replay, a key refused before, a stake the wallet cannot cover,
 * a malformed split, a key twice in the batch — is answered one at a time by `debitCommand`
 * afterwards, in order, which refuses and records refusals exactly as before.
 */
export async function debitTogether(ctx: AppContext, requests: DebitRequest[]): Promise<DebitReply[]> {
  const replies = new Array<DebitReply | undefined>(requests.length);
  const perKey = new Map<string, number>();
  for (const r of requests) perKey.set(r.idempotencyKey, (perKey.get(r.idempotencyKey) ?? 0) + 1);
  const candidates: Array<{ index: number; stake: StakeRequest; request: DebitRequest }> = [];
  requests.forEach((request, index) => {
    const split = splitHolds(BigInt(request.amountCents), request.reference, request.holds);
    // a free bet's stake (decision wallet-008) goes one at a time, with its token locked
    if (!split.ok || perKey.get(request.idempotencyKey) !== 1 || request.freeBetId !== undefined) return;
    candidates.push({
      index,
      request,
      stake: {
        key: request.idempotencyKey,
        userId: request.userId,
        amount: BigInt(request.amountCents),
        holds: split.holds,
      },
    });
  });

  if (candidates.length > 0) {
    const accepted = await retryOnConflict(() =>
      ctx.tx(async (trx) => {
        const keys = candidates.map((c) => c.stake.key);
        // one decision per key, against a copy refused meanwhile (see debitCommand)
        await lockKeys(trx, keys);
        const refused = await refusedKeys(trx, keys);
        const fresh = candidates.filter((c) => !refused.has(c.stake.key));
        const claimed = await claimTransactions(
          trx,
          fresh.map(({ request: r }) => ({
            key: r.idempotencyKey,
            type: r.type,
            userId: r.userId,
            reference: r.reference,
            description: r.description,
            fingerprint: fingerprint({ type: r.type, userId: r.userId, amount: -BigInt(r.amountCents) }),
            metadata: {},
          })),
        );
        const mine = fresh.filter((c) => claimed.has(c.stake.key));
        const wallets = await lockWallets(
          trx,
          mine.map((c) => c.stake.userId),
        );
        const { plans, walletDeltas } = planStakes(
          mine.map((c) => c.stake),
          wallets,
        );
        const taken = mine.flatMap((c, i) => {
          const plan = plans[i];
          const claim = claimed.get(c.stake.key);
          return plan.accepted && claim ? [{ ...c, plan, claim }] : [];
        });
        // the stakes left to the one-at-a-time path leave no trace of this batch
        await dropTransactions(
          trx,
          mine.filter((_, i) => !plans[i].accepted).map((c) => claimed.get(c.stake.key)?.id as string),
        );
        await addManyHolds(
          trx,
          taken.flatMap((t) => t.stake.holds.map((h) => ({ ...h, userId: t.stake.userId }))),
        );
        await moveWallets(trx, walletDeltas, wallets);
        await insertPostings(
          trx,
          taken.map((t) => ({
            transactionId: t.claim.id,
            postings: t.plan.postings,
            userBalanceAfter: t.plan.balanceAfter,
          })),
        );
        await recordPosted(
          trx,
          taken.map((t) => ({
            transactionId: t.claim.id,
            userId: t.request.userId,
            type: t.request.type as UserTxType,
            amount: -t.stake.amount,
            balanceAfter: t.plan.balanceAfter,
            reference: t.request.reference,
            description: t.request.description,
            createdAt: t.claim.createdAt,
          })),
        );
        await failpoint(ctx, 'before_commit');
        return taken;
      }),
    );
    await failpoint(ctx, 'after_commit');
    for (const t of accepted)
      replies[t.index] = {
        ok: true,
        transactionId: t.claim.id,
        balanceCents: Number(t.plan.balanceAfter),
        duplicate: false,
      };
  }
  for (let i = 0; i < requests.length; i++) replies[i] ??= await debitCommand(ctx, requests[i]);
  return replies as DebitReply[];
}
