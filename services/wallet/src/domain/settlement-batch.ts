import { accountId } from './accounts';
import {
  debtCollectionPostings,
  lossPostings,
  normalizePostings,
  type Posting,
  payoutPostings,
} from './postings';

/**
 * One bet's money movement in a settlement batch: a payout (win or refund) or a lost stake.
 * The same movement, key and figures as the one-at-a-time path (app/money.ts) makes for it.
 */
export interface BetMovement {
  key: string;
  betId: string;
  userId: string;
  kind: 'payout' | 'loss';
  type: 'win' | 'refund' | 'stake_lost';
  /** the payout in cents (0 for a loss) */
  amount: bigint;
  description: string;
  /** winnings repay an open debt first; refunds do not */
  collectsDebt: boolean;
}

/** What the ledger's transaction row says of a movement (its replay must ask the same). */
export function transactionOf(m: BetMovement) {
  if (m.kind === 'loss') return { type: m.type, userId: null, requested: 0n, metadata: { userId: m.userId } };
  return {
    type: m.type,
    userId: m.userId,
    requested: m.amount,
    metadata: m.collectsDebt ? { userId: m.userId } : {},
  };
}

export interface PlannedMovement {
  movement: BetMovement;
  /** empty: nothing to move (a loss with no stake held), the transaction is dropped */
  postings: Posting[];
  /** the signed movement on the wallet and its balance after, when it touches one */
  userAmount: bigint | null;
  balanceAfter: bigint | null;
}

export const holdKey = (betId: string, userId: string) => `${betId}|${userId}`;

/**
 * Plans a batch of movements in order, from what is held per bet, what each user owes and
 * each wallet's balance (read under lock): each user's debt is collected by their wins in
 * order and each posting carries the balance after it, as if they had been applied one by one.
 */
export function planMovements(
  movements: readonly BetMovement[],
  state: {
    held: ReadonlyMap<string, bigint>;
    debts: ReadonlyMap<string, bigint>;
    balances: ReadonlyMap<string, bigint>;
  },
): { planned: PlannedMovement[]; walletDeltas: Map<string, bigint> } {
  const debts = new Map(state.debts);
  const balances = new Map(state.balances);
  const walletDeltas = new Map<string, bigint>();
  const planned = movements.map((m): PlannedMovement => {
    const held = state.held.get(holdKey(m.betId, m.userId)) ?? 0n;
    if (m.kind === 'loss') {
      const postings = held > 0n ? normalizePostings(lossPostings(held)) : [];
      return { movement: m, postings, userAmount: null, balanceAfter: null };
    }
    let raw = payoutPostings(m.userId, m.amount, held);
    if (m.collectsDebt) {
      const debt = debts.get(m.userId) ?? 0n;
      const collected = debt < m.amount ? debt : m.amount;
      if (collected > 0n) {
        raw = [...raw, ...debtCollectionPostings(m.userId, collected)];
        debts.set(m.userId, debt - collected);
      }
    }
    const postings = normalizePostings(raw);
    const user = postings.find((p) => p.account.kind === 'user');
    if (!user) return { movement: m, postings, userAmount: null, balanceAfter: null };
    if (accountId(user.account) !== m.userId)
      throw new Error('postings touch a wallet other than the bet user');
    const balanceAfter = (balances.get(m.userId) ?? 0n) + user.amount;
    balances.set(m.userId, balanceAfter);
    walletDeltas.set(m.userId, (walletDeltas.get(m.userId) ?? 0n) + user.amount);
    return { movement: m, postings, userAmount: user.amount, balanceAfter };
  });
  return { planned, walletDeltas };
}
