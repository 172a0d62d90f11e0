import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountId } from './accounts';
import {
  adjustmentPostings,
  bonusConversionPostings,
  bonusExpiryPostings,
  bonusGrantPostings,
  clawbackPostings,
  depositPostings,
  lossPostings,
  normalizePostings,
  payoutPostings,
  stakePostings,
  UnbalancedTransactionError,
  withdrawalHoldPostings,
  withdrawalPayoutPostings,
  withdrawalReversalPostings,
} from './postings';

const U = '5f1d7f0c9b1e8a3d4c2b1a00';
const byAccount = (ps: ReturnType<typeof normalizePostings>) =>
  Object.fromEntries(ps.map((p) => [accountId(p.account), p.amount]));
const cents = fc.bigInt({ min: 1n, max: 10_000_000_000n });

describe('postings', () => {
  it('every plan balances, for any amounts', () => {
    fc.assert(
      fc.property(cents, cents, cents, fc.bigInt({ min: 0n, max: 10_000_000_000n }), (a, b, c, held) => {
        const plans = [
          stakePostings(U, a),
          payoutPostings(U, a, held),
          lossPostings(b),
          depositPostings(U, a),
          withdrawalHoldPostings(U, a),
          withdrawalPayoutPostings(a),
          withdrawalReversalPostings(U, a),
          adjustmentPostings(U, -a),
          clawbackPostings(U, a, c - b).postings,
        ];
        for (const p of plans) expect(normalizePostings(p).reduce((s, x) => s + x.amount, 0n)).toBe(0n);
      }),
    );
  });

  it('a payout takes the held stake from bets in play and the rest from the house', () => {
    expect(byAccount(normalizePostings(payoutPostings(U, 2100n, 1000n)))).toEqual({
      [U]: 2100n,
      bets_in_play: -1000n,
      house: -1100n,
    });
    // a cash-out below the stake: the house keeps the difference
    expect(byAccount(normalizePostings(payoutPostings(U, 600n, 1000n)))).toEqual({
      [U]: 600n,
      bets_in_play: -1000n,
      house: 400n,
    });
    // nothing held (no matching stake): the house pays all
    expect(byAccount(normalizePostings(payoutPostings(U, 500n, 0n)))).toEqual({ [U]: 500n, house: -500n });
  });

  it('a clawback takes only what the wallet holds and books the rest as owed', () => {
    const partial = clawbackPostings(U, 1000n, 300n);
    expect(partial).toMatchObject({ taken: 300n, shortfall: 700n });
    expect(byAccount(normalizePostings(partial.postings))).toEqual({
      [U]: -300n,
      house: 1000n,
      house_receivable: -700n,
    });
    const full = clawbackPostings(U, 1000n, 5000n);
    expect(byAccount(normalizePostings(full.postings))).toEqual({ [U]: -1000n, house: 1000n });
    expect(clawbackPostings(U, 1000n, 0n).taken).toBe(0n);
  });

  it('refuses unbalanced, one-sided or two-wallet transactions, and non-positive amounts', () => {
    expect(() => normalizePostings([{ account: { kind: 'user', userId: U }, amount: 5n }])).toThrow(
      UnbalancedTransactionError,
    );
    expect(() =>
      normalizePostings([
        { account: { kind: 'system', name: 'house' }, amount: 5n },
        { account: { kind: 'system', name: 'house' }, amount: -5n },
        { account: { kind: 'system', name: 'bets_in_play' }, amount: 1n },
      ]),
    ).toThrow(/do not balance/);
    expect(() =>
      normalizePostings([
        { account: { kind: 'user', userId: U }, amount: 5n },
        { account: { kind: 'user', userId: '5f1d7f0c9b1e8a3d4c2b1a01' }, amount: -5n },
      ]),
    ).toThrow(/only one user wallet/);
    expect(() => stakePostings(U, 0n)).toThrow();
    expect(() => depositPostings(U, -1n)).toThrow();
    expect(() => adjustmentPostings(U, 0n)).toThrow(/non-zero/);
    // a plan whose lines cancel out is empty: nothing to write
    expect(normalizePostings(lossPostings(0n))).toEqual([]);
  });
});

describe('bonus postings', () => {
  it('grant, conversion and expiry move exactly the amount between the right accounts', () => {
    expect(byAccount(normalizePostings(bonusGrantPostings(U, 5_000n)))).toEqual({
      promotions: -5_000n,
      [`bonus:${U}`]: 5_000n,
    });
    expect(byAccount(normalizePostings(bonusConversionPostings(U, 5_000n)))).toEqual({
      [`bonus:${U}`]: -5_000n,
      [U]: 5_000n,
    });
    expect(byAccount(normalizePostings(bonusExpiryPostings(U, 1_234n)))).toEqual({
      [`bonus:${U}`]: -1_234n,
      promotions: 1_234n,
    });
  });

  it("refuses a transaction across two players' accounts", () => {
    const other = '5f1d7f0c9b1e8a3d4c2b1a01';
    expect(() =>
      normalizePostings([
        { account: { kind: 'bonus', userId: other }, amount: -5n },
        { account: { kind: 'user', userId: U }, amount: 5n },
      ]),
    ).toThrow(UnbalancedTransactionError);
  });
});
