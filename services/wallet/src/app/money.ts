import { moneyKeys, WINNING_TX_TYPES } from '@bet/proto-events';
import type { Hold } from '../domain/holds';
import {
  accaBonusClawbackPostings,
  accaBonusPostings,
  clawbackPostings,
  debtCollectionPostings,
  lossPostings,
  type Posting,
  payoutPostings,
  stakePostings,
} from '../domain/postings';
import type { UserTxType } from '../domain/transactions';
import type { Trx } from '../store/db';
import { userDebt } from '../store/debts';
import { addHolds, releaseHold } from '../store/holds';
import { lockedWalletBalance, type Posted, postTransaction } from '../store/ledger';

export interface MoneyMovement {
  key: string;
  userId: string;
  amountCents: bigint;
  type: UserTxType;
  reference: string;
  description: string;
  metadata?: Record<string, unknown>;
}

/**
 * A stake leaves the wallet for bets in play and is held under the bet's reference (or, for
 * singles placed together, under each bet's own reference).
 */
export function stake(
  trx: Trx,
  m: MoneyMovement,
  holds: Hold[] = [{ reference: m.reference, amount: m.amountCents }],
): Promise<Posted> {
  return postTransaction(trx, { ...m, requested: -m.amountCents }, async () => {
    await addHolds(trx, m.userId, holds);
    return stakePostings(m.userId, m.amountCents);
  });
}

/** Winnings repay an open debt first (a correction's clawback the wallet could not cover). */
const COLLECTS_DEBT: ReadonlySet<string> = new Set(WINNING_TX_TYPES);

/**
 * A payout for a bet: the held stake comes out of bets in play, the house covers the rest.
 * Winnings first repay what the user owes (house_receivable); the rest reaches the wallet.
 */
export function payout(trx: Trx, m: MoneyMovement): Promise<Posted> {
  const collects = COLLECTS_DEBT.has(m.type);
  const metadata = collects ? { ...m.metadata, userId: m.userId } : m.metadata;
  return postTransaction(trx, { ...m, metadata, requested: m.amountCents }, async () => {
    const held = await releaseHold(trx, m.reference, m.userId);
    const postings = payoutPostings(m.userId, m.amountCents, held);
    if (!collects) return postings;
    // the wallet row lock makes two wins of one user collect one after the other
    await lockedWalletBalance(trx, m.userId);
    const debt = await userDebt(trx, m.userId);
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min would throw)
    const collected = debt < m.amountCents ? debt : m.amountCents;
    return collected > 0n ? [...postings, ...debtCollectionPostings(m.userId, collected)] : postings;
  });
}

/**
 * A won multi's accumulator bonus (issue 33, decision betting-009): promotions → the player's
 * wallet, keyed `acca_bonus:<betId>`, beside the bet's win. Winnings: repays an open debt first.
 */
export function payAccaBonus(
  trx: Trx,
  b: { betId: string; userId: string; amountCents: bigint; key?: string; description?: string },
) {
  return postTransaction(
    trx,
    {
      key: b.key ?? moneyKeys.accaBonus(b.betId),
      userId: b.userId,
      type: 'acca_bonus',
      reference: b.betId,
      description: b.description ?? 'Accumulator bonus',
      requested: b.amountCents,
      metadata: { userId: b.userId },
    },
    async () => {
      const postings = accaBonusPostings(b.userId, b.amountCents);
      await lockedWalletBalance(trx, b.userId);
      const debt = await userDebt(trx, b.userId);
      // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min would throw)
      const collected = debt < b.amountCents ? debt : b.amountCents;
      return collected > 0n ? [...postings, ...debtCollectionPostings(b.userId, collected)] : postings;
    },
  );
}

/**
 * A correction taking back part of an accumulator bonus (decision betting-010): the player's
 * wallet gives what it holds back to the promotions account, the rest is owed
 * (house_receivable), exactly as a clawback, but the promotions account, not the house, is
 * made whole.
 */
export function clawbackAccaBonus(
  trx: Trx,
  b: { betId: string; userId: string; amountCents: bigint; key: string },
): Promise<Posted> {
  return postTransaction(
    trx,
    {
      key: b.key,
      userId: b.userId,
      type: 'acca_bonus',
      reference: b.betId,
      description: 'Accumulator bonus correction',
      requested: -b.amountCents,
      metadata: { userId: b.userId },
      allowClosedDebit: true,
    },
    async () => {
      const wallet = await lockedWalletBalance(trx, b.userId);
      return accaBonusClawbackPostings(b.userId, b.amountCents, wallet?.balance ?? 0n).postings;
    },
  );
}

/** A lost bet: its held stake goes to the house. Nothing to post when nothing is held. */
export function loseStake(
  trx: Trx,
  m: { key: string; userId: string; reference: string; description: string },
): Promise<Posted> {
  return postTransaction(
    trx,
    { ...m, type: 'stake_lost', userId: null, requested: 0n, metadata: { userId: m.userId } },
    async (): Promise<Posting[]> => {
      const held = await releaseHold(trx, m.reference, m.userId);
      return held > 0n ? lossPostings(held) : [];
    },
  );
}

/**
 * Takes back an overpayment (a won bet corrected to lost). The wallet gives what it holds
 * and the rest is booked on house_receivable as owed by the user.
 */
export function clawback(trx: Trx, m: MoneyMovement): Promise<Posted & { shortfall: bigint }> {
  let shortfall = 0n;
  // metadata.userId: when the wallet is empty the clawback never touches it, but the debt is theirs
  const metadata = { ...m.metadata, userId: m.userId };
  return postTransaction(
    trx,
    { ...m, metadata, requested: -m.amountCents, allowClosedDebit: true },
    async () => {
      const wallet = await lockedWalletBalance(trx, m.userId);
      const plan = clawbackPostings(m.userId, m.amountCents, wallet?.balance ?? 0n);
      shortfall = plan.shortfall;
      return plan.postings;
    },
  ).then((posted) => ({ ...posted, shortfall }));
}
