import type { Hold } from './holds';
import { normalizePostings, type Posting, stakePostings } from './postings';

/** One stake of a debit batch (a `wallet.debit` request that passed its own checks). */
export interface StakeRequest {
  key: string;
  userId: string;
  amount: bigint;
  holds: Hold[];
}

export type StakePlan =
  | { accepted: true; postings: Posting[]; balanceAfter: bigint }
  /** for the one-at-a-time path, which refuses with its reason and records the refusal */
  | { accepted: false };

/**
 * Decides a batch of stakes in order against the locked wallets, as one at a time would: each
 * takes what the wallet still holds after the stakes before it. A stake the wallet cannot
 * take (too little left, closed, never opened) is not decided here.
 */
export function planStakes(
  stakes: readonly StakeRequest[],
  wallets: ReadonlyMap<string, { balance: bigint; status: 'open' | 'closed' }>,
): { plans: StakePlan[]; walletDeltas: Map<string, bigint> } {
  const left = new Map([...wallets].map(([id, w]) => [id, w.status === 'open' ? w.balance : -1n]));
  const walletDeltas = new Map<string, bigint>();
  const plans = stakes.map((s): StakePlan => {
    const balance = left.get(s.userId) ?? -1n;
    if (balance < s.amount) return { accepted: false };
    left.set(s.userId, balance - s.amount);
    walletDeltas.set(s.userId, (walletDeltas.get(s.userId) ?? 0n) - s.amount);
    return {
      accepted: true,
      postings: normalizePostings(stakePostings(s.userId, s.amount)),
      balanceAfter: balance - s.amount,
    };
  });
  return { plans, walletDeltas };
}
