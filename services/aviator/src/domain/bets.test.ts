import { DomainError } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import {
  choosePanel,
  decideCashOut,
  effectiveTarget,
  maxWinMultiplier,
  parseAutoCashOut,
  parseStake,
  roundCapMultiplier,
  settleAtCrash,
} from './bets';
import { msToReach } from './multiplier';

const rules = { minStakeCents: 10n, maxStakeCents: 100_000n };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.message;
    throw err;
  }
  throw new Error('not refused');
};

describe('stake', () => {
  it('takes numbers and strict decimal strings', () => {
    expect(parseStake(10, rules)).toBe(1000n);
    expect(parseStake('2.5', rules)).toBe(250n);
    expect(parseStake(0.1, rules)).toBe(10n);
  });
  it('refuses every bad stake with its own message', () => {
    expect(refusal(() => parseStake(0, rules))).toBe('The stake must be greater than 0.');
    expect(refusal(() => parseStake(-5, rules))).toBe('The stake must be greater than 0.');
    expect(refusal(() => parseStake('abc', rules))).toBe('The stake must be a number, e.g. 10 or 2.50.');
    expect(refusal(() => parseStake(true, rules))).toBe('The stake must be a number, e.g. 10 or 2.50.');
    expect(refusal(() => parseStake(1.234, rules))).toBe('The stake can have at most two decimals.');
    expect(refusal(() => parseStake('1.234', rules))).toBe('The stake can have at most two decimals.');
    expect(refusal(() => parseStake(undefined, rules))).toBe('Please enter a stake.');
    expect(refusal(() => parseStake(0.05, rules))).toBe('The minimum stake is $0.10.');
    expect(refusal(() => parseStake(1000.01, rules))).toBe('The maximum stake is $1,000.00.');
  });
});

describe('auto cash-out and panels', () => {
  it('reads an optional multiplier of at least 1.01', () => {
    expect(parseAutoCashOut(undefined)).toBeNull();
    expect(parseAutoCashOut(2)).toBe(200);
    expect(parseAutoCashOut('1.01')).toBe(101);
    expect(refusal(() => parseAutoCashOut(1))).toBe('The auto cash-out must be at least 1.01x.');
    expect(refusal(() => parseAutoCashOut(1.005))).toBe('The auto cash-out can have at most two decimals.');
    expect(refusal(() => parseAutoCashOut('x'))).toBe(
      'The auto cash-out must be a multiplier such as 2 or 1.50.',
    );
  });
  it('allows two bets per round on two panels', () => {
    expect(choosePanel(undefined, [])).toBe(1);
    expect(choosePanel(undefined, [1])).toBe(2);
    expect(choosePanel(2, [])).toBe(2);
    expect(refusal(() => choosePanel(1, [1]))).toBe('You already have a bet on panel 1 in this round.');
    expect(refusal(() => choosePanel(undefined, [1, 2]))).toBe('You can place at most two bets per round.');
    expect(refusal(() => choosePanel(3, []))).toBe('The panel must be 1 or 2.');
  });
});

describe('caps', () => {
  it('turns the max win of a bet into its forced cash-out', () => {
    expect(maxWinMultiplier(1000n, 1_000_000n)).toBe(100_000);
    expect(effectiveTarget(200, 150)).toBe(150);
    expect(effectiveTarget(null, 150)).toBe(150);
    expect(effectiveTarget(300, null)).toBe(300);
  });

  it('finds the multiplier at which the round cap is reached', () => {
    const bets = [
      { id: 'a', stakeCents: 1000n, targetH: 150 },
      { id: 'b', stakeCents: 1000n, targetH: null },
    ];
    // a leaves at 1.50 (15.00); b alone reaches 100.00 − 15.00 at 8.50x
    expect(roundCapMultiplier(bets, 10_000n)).toBe(850);
    expect(roundCapMultiplier(bets, 1_000n)).toBe(100);
    expect(roundCapMultiplier([{ id: 'a', stakeCents: 1000n, targetH: 150 }], 10_000n)).toBeNull();
    expect(roundCapMultiplier([], 1n)).toBeNull();
  });

  it('moves the cap later when a player leaves early by hand, never past the cap', () => {
    const three = [
      { id: 'a', stakeCents: 1000n, targetH: null },
      { id: 'b', stakeCents: 1000n, targetH: null },
      { id: 'c', stakeCents: 1000n, targetH: null },
    ];
    // at lift-off: three $10 bets reach $100 at 3.34x (3 × 10 × 3.34 = 100.20)
    expect(roundCapMultiplier(three, 10_000n)).toBe(334);
    // c cashed out by hand at 1.20x ($12 paid): a and b share the $88 left, reached at 4.40x
    const left = three.slice(0, 2);
    expect(roundCapMultiplier(left, 10_000n, 1_200n)).toBe(440);
    // the total at that cap is within a cent per bet of the cap, never beyond what the cap allows
    expect(1_200n + 2n * ((1000n * 440n) / 100n)).toBe(10_000n);
    expect(1_200n + 2n * ((1000n * 439n) / 100n)).toBeLessThan(10_000n);
    // nothing left under the cap: the rest leave at once
    expect(roundCapMultiplier(left, 10_000n, 10_000n)).toBe(100);
  });
});

describe('cash-out by server time', () => {
  const round = { startedAt: 1_000_000, crashPoint: 244 };
  it('pays the multiplier of the instant it arrives while below the crash point', () => {
    const at = round.startedAt + msToReach(200);
    expect(decideCashOut({ stakeCents: 1000n, targetH: null }, round, at)).toEqual({
      ok: true,
      multiplier: 200,
      payoutCents: 2000n,
    });
  });
  it('refuses at and after the crash point, and before lift-off', () => {
    const at = round.startedAt + msToReach(244);
    expect(decideCashOut({ stakeCents: 1000n, targetH: null }, round, at)).toEqual({
      ok: false,
      reason: 'crashed',
    });
    expect(decideCashOut({ stakeCents: 1000n, targetH: null }, round, at - 1).ok).toBe(true);
    expect(
      decideCashOut({ stakeCents: 1000n, targetH: null }, { startedAt: null, crashPoint: 244 }, at),
    ).toEqual({
      ok: false,
      reason: 'not_running',
    });
  });
  it('pays a late hand at the auto cash-out it already passed', () => {
    const at = round.startedAt + msToReach(230);
    expect(decideCashOut({ stakeCents: 1000n, targetH: 150 }, round, at)).toMatchObject({ multiplier: 150 });
  });
  it('settles the bets in the air at the crash', () => {
    expect(settleAtCrash({ stakeCents: 1000n, targetH: 243 }, 244)).toEqual({
      won: true,
      multiplier: 243,
      payoutCents: 2430n,
    });
    expect(settleAtCrash({ stakeCents: 1000n, targetH: 244 }, 244)).toEqual({ won: false });
    expect(settleAtCrash({ stakeCents: 1000n, targetH: null }, 244)).toEqual({ won: false });
  });
});
