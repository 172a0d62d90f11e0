import { accountId } from './accounts';
import {
  clawbackPostings,
  debtCollectionPostings,
  lossPostings,
  normalizePostings,
  type Posting,
  payoutPostings,
} from './postings';

/**
 * One bet's money movement in a settlement batch: a payout (win, refund, a correction in the
 * player's favour), a lost stake, or a clawback (a correction against the player). The same
 * movement, key and figures as the one-at-a-time path (app/money.ts) makes for it.
 */
export interface BetMovement {
  key: string;
  betId: string;
  userId: string;
  kind: 'payout' | 'loss' | 'clawback';
  type: 'win' | 'refund' | 'stake_lost' | 'adjustment';
  /** the payout or the amount taken back, in cents (0 for a loss) */
  amount: bigint;
  description: string;
  /** winnings repay an open debt first; refunds do not */
  collectsDebt: boolean;
}

/** What the ledger's transaction row says of a movement (its replay must ask the same). */
export function transactionOf(m: BetMovement) {
  if (m.kind === 'loss') return { type: m.type, userId: null, requested: 0n, metadata: { userId: m.userId } };
  if (m.kind === 'clawback')
    return { type: m.type, userId: m.userId, requested: -m.amount, metadata: { userId: m.userId } };
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
 * each wallet's balance (read under lock), as if they had been applied one by one: a clawback
 * takes what the wallet holds at its turn and books the rest as debt, each user's debt is
 * collected by their wins in order, and each posting carries the balance after it.
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

  /** Books the movement's wallet line, if it has one, on the running balance. */
  const withWallet = (m: BetMovement, postings: Posting[]): PlannedMovement => {
    const user = postings.find((p) => p.account.kind === 'user');
    if (!user) return { movement: m, postings, userAmount: null, balanceAfter: null };
    if (accountId(user.account) !== m.userId)
      throw new Error('postings touch a wallet other than the bet user');
    const balanceAfter = (balances.get(m.userId) ?? 0n) + user.amount;
    balances.set(m.userId, balanceAfter);
    walletDeltas.set(m.userId, (walletDeltas.get(m.userId) ?? 0n) + user.amount);
    return { movement: m, postings, userAmount: user.amount, balanceAfter };
  };

  const planned = movements.map((m): PlannedMovement => {
    if (m.kind === 'clawback') {
      const plan = clawbackPostings(m.userId, m.amount, balances.get(m.userId) ?? 0n);
      debts.set(m.userId, (debts.get(m.userId) ?? 0n) + plan.shortfall);
      return withWallet(m, normalizePostings(plan.postings));
    }
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
    return withWallet(m, normalizePostings(raw));
  });
  return { planned, walletDeltas };
}
