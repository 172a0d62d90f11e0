import { describe, expect, it } from 'vitest';
import { planStakes } from './stake-batch';

const stake = (userId: string, amount: bigint) => ({
  key: `bet:${userId}:${amount}`,
  userId,
  amount,
  holds: [{ reference: 'r', amount }],
});

describe('planStakes', () => {
  it('takes stakes in order from what each wallet still holds, leaving the rest undecided', () => {
    const wallets = new Map([
      ['a', { balance: 1000n, status: 'open' as const }],
      ['b', { balance: 500n, status: 'closed' as const }],
    ]);
    const { plans, walletDeltas } = planStakes(
      [stake('a', 600n), stake('a', 500n), stake('a', 400n), stake('b', 100n), stake('c', 1n)],
      wallets,
    );
    expect(plans.map((p) => (p.accepted ? p.balanceAfter : 'undecided'))).toEqual([
      400n,
      'undecided',
      0n,
      'undecided',
      'undecided',
    ]);
    expect([...walletDeltas]).toEqual([['a', -1000n]]);
  });
});
