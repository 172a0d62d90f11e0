import { describe, expect, it } from 'vitest';
import { accountId } from './accounts';
import { type BetMovement, holdKey, planMovements, transactionOf } from './settlement-batch';

const U = '5f1d7f0c9b1e8a3d4c2b1a00';
const V = '5f1d7f0c9b1e8a3d4c2b1a01';
const win = (betId: string, userId: string, amount: bigint): BetMovement => ({
  key: `win:${betId}`,
  betId,
  userId,
  kind: 'payout',
  type: 'win',
  amount,
  description: 'Bet won',
  collectsDebt: true,
});
const loss = (betId: string, userId: string): BetMovement => ({
  key: `lost:${betId}`,
  betId,
  userId,
  kind: 'loss',
  type: 'stake_lost',
  amount: 0n,
  description: 'Bet lost',
  collectsDebt: false,
});
const byAccount = (ps: { account: Parameters<typeof accountId>[0]; amount: bigint }[]) =>
  Object.fromEntries(ps.map((p) => [accountId(p.account), p.amount]));

describe('planMovements', () => {
  it('pays wins from the held stake and the house, and sends lost stakes to the house', () => {
    const held = new Map([
      [holdKey('b1', U), 1000n],
      [holdKey('b2', V), 500n],
    ]);
    const { planned, walletDeltas } = planMovements([win('b1', U, 2500n), loss('b2', V), loss('b3', V)], {
      held,
      debts: new Map(),
      balances: new Map([[U, 100n]]),
    });
    expect(byAccount(planned[0].postings)).toEqual({ [U]: 2500n, bets_in_play: -1000n, house: -1500n });
    expect(planned[0].balanceAfter).toBe(2600n);
    expect(byAccount(planned[1].postings)).toEqual({ bets_in_play: -500n, house: 500n });
    expect(planned[1].userAmount).toBeNull();
    // nothing held: nothing to post
    expect(planned[2].postings).toEqual([]);
    expect([...walletDeltas]).toEqual([[U, 2500n]]);
  });

  it("collects a user's debt from their wins in order, with running balances", () => {
    const { planned, walletDeltas } = planMovements([win('b1', U, 300n), win('b2', U, 1000n)], {
      held: new Map([
        [holdKey('b1', U), 100n],
        [holdKey('b2', U), 100n],
      ]),
      debts: new Map([[U, 500n]]),
      balances: new Map([[U, 0n]]),
    });
    // the first win goes entirely to the debt: no wallet line, the transaction has no user
    expect(planned[0].userAmount).toBeNull();
    expect(byAccount(planned[0].postings)).toEqual({
      bets_in_play: -100n,
      house: -200n,
      house_receivable: 300n,
    });
    // the second repays the remaining 200 and the wallet gets 800
    expect(planned[1].userAmount).toBe(800n);
    expect(planned[1].balanceAfter).toBe(800n);
    expect(walletDeltas.get(U)).toBe(800n);
  });

  it('describes the transaction exactly as the one-at-a-time path does', () => {
    expect(transactionOf(win('b1', U, 300n))).toEqual({
      type: 'win',
      userId: U,
      requested: 300n,
      metadata: { userId: U },
    });
    expect(transactionOf(loss('b1', U))).toEqual({
      type: 'stake_lost',
      userId: null,
      requested: 0n,
      metadata: { userId: U },
    });
    expect(transactionOf({ ...win('b1', U, 300n), type: 'refund', collectsDebt: false }).metadata).toEqual(
      {},
    );
  });
});
