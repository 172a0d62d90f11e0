import { payoutCents } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import {
  type AccaRule,
  accaBonusCents,
  accaBonusFor,
  type BoostRule,
  boostedPrice,
  checkBoost,
  promotedResult,
  settledAccaBp,
  tierBp,
} from './promotions';

const G = 'a'.repeat(24);
const NOW = new Date('2026-11-27T12:00:00Z');
const boost = (over: Partial<BoostRule> = {}): BoostRule => ({
  promotionId: 'b'.repeat(24),
  gameId: G,
  market: '1x2',
  outcome: 'A',
  boostedOdds: 300,
  boostBp: null,
  maxStakeCents: 2_000n,
  isActive: true,
  expiresAt: null,
  ...over,
});
const refusalOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code: string }).code, msg: (err as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('boosted price', () => {
  it('a fixed boosted price is that price whatever the model says', () => {
    for (const model of [101, 150, 210, 999, 50_000]) expect(boostedPrice(model, boost())).toBe(300);
  });

  // model price × (1 + percent / 100), rounded down to the hundredth, computed exactly
  it.each([
    [200, 1000, 220],
    [210, 1000, 231],
    [195, 1000, 214], // 214.5 down
    [333, 2500, 416], // 416.25 down
    [101, 1, 101], // 0.01 % of 1.01 is below a hundredth
    [150, 10_000, 300], // +100 %
    [187, 1234, 210], // 187 × 1.1234 = 210.0758
    [999, 333, 1032], // 999 × 1.0333 = 1032.2667
  ])('%s at %s bp is %s', (model, bp, want) => {
    expect(boostedPrice(model, boost({ boostedOdds: null, boostBp: bp }))).toBe(want);
  });

  it('never rounds up, over a grid of prices and percents', () => {
    for (let model = 101; model <= 1000; model += 7)
      for (let bp = 1; bp <= 20_000; bp += 173) {
        const got = boostedPrice(model, boost({ boostedOdds: null, boostBp: bp }));
        const exact = (model * (10_000 + bp)) / 10_000;
        expect(got).toBeLessThanOrEqual(exact + 1e-9);
        expect(got).toBeGreaterThan(exact - 1);
        expect(got).toBeGreaterThanOrEqual(model);
      }
  });
});

describe('checkBoost', () => {
  const pick = { gameId: G, outcome: 'A' };
  it('takes a boost on offer for this pick with a stake up to its maximum', () => {
    expect(checkBoost(boost(), pick, 2_000n, NOW).promotionId).toBe('b'.repeat(24));
    expect(checkBoost(boost({ expiresAt: new Date(NOW.getTime() + 1) }), pick, 1n, NOW)).toBeTruthy();
  });

  it('refuses an unknown, inactive or expired boost', () => {
    for (const b of [undefined, boost({ isActive: false }), boost({ expiresAt: NOW })])
      expect(refusalOf(() => checkBoost(b, pick, 100n, NOW))).toEqual({
        code: 'boost_unavailable',
        msg: 'This odds boost is no longer available.',
      });
  });

  it('refuses another game, market or outcome', () => {
    for (const p of [
      { gameId: 'c'.repeat(24), outcome: 'A' },
      { gameId: G, outcome: 'B' },
      { gameId: G, market: 'btts', outcome: 'A' },
    ])
      expect(refusalOf(() => checkBoost(boost(), p, 100n, NOW)).code).toBe('boost_other_pick');
    expect(
      checkBoost(
        boost({ market: 'btts', outcome: 'yes' }),
        { ...pick, market: 'btts', outcome: 'yes' },
        1n,
        NOW,
      ),
    ).toBeTruthy();
  });

  it('refuses a stake over the maximum, naming it', () => {
    expect(refusalOf(() => checkBoost(boost(), pick, 2_001n, NOW))).toEqual({
      code: 'boost_max_stake',
      msg: 'The maximum stake on this odds boost is $20.00.',
    });
  });
});

const tiers = [
  { legs: 3, bp: 300 },
  { legs: 5, bp: 1000 },
  { legs: 10, bp: 5000 },
];

describe('acca tiers', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 300],
    [4, 300],
    [5, 1000],
    [9, 1000],
    [10, 5000],
    [20, 5000],
  ])('%s legs: %s bp', (legs, bp) => {
    expect(tierBp(tiers, legs)).toBe(bp);
    // the order tiers are written in does not matter
    expect(tierBp([...tiers].reverse(), legs)).toBe(bp);
  });

  it('re-tiers on the legs that won: void and pushed legs do not count', () => {
    const legs = (...r: Array<string | null>) => r.map((result) => ({ result }));
    expect(settledAccaBp(tiers, legs('won', 'won', 'won', 'won', 'won'))).toBe(1000);
    expect(settledAccaBp(tiers, legs('won', 'won', 'won', 'won', 'void'))).toBe(300);
    expect(settledAccaBp(tiers, legs('won', 'won', 'won', 'push', 'void'))).toBe(300);
    expect(settledAccaBp(tiers, legs('won', 'won', 'void', 'void'))).toBe(0);
  });
});

describe('acca bonus amount: a percent of the net winnings, rounded down to the cent', () => {
  it.each([
    // stake, legs' odds, bp, bonus
    [1000n, [200, 200, 200], 300, 210n], // payout 80.00, net 70.00 × 3 % = 2.10
    [1000n, [150, 150, 150], 300, 71n], // payout 33.75, net 23.75 × 3 % = 0.7125
    [333n, [211, 187, 305], 1000, 367n], // payout 40.07 (down), net 36.74 × 10 % = 3.674
    [1n, [101, 101, 101], 300, 0n],
    [10_000n, [200, 200, 200, 200, 200], 1000, 31_000n], // payout 3 200.00, net 3 100.00 × 10 % = 310.00
  ])('stake %s at %j, %s bp', (stake, odds, bp, want) => {
    const payout = payoutCents(stake, odds);
    const net = payout - stake;
    expect(accaBonusCents(payout, stake, bp)).toBe((net * BigInt(bp)) / 10_000n);
    expect(accaBonusCents(payout, stake, bp)).toBe(want);
  });

  it('is never more than the percent of the net winnings and never a cent short, over a grid', () => {
    for (let stake = 1n; stake <= 5_000n; stake += 97n)
      for (const odds of [
        [101, 101],
        [150, 210, 333],
        [199, 250, 180, 175],
      ])
        for (const bp of [1, 50, 300, 1000, 10_000, 100_000]) {
          const payout = payoutCents(stake, odds);
          const bonus = accaBonusCents(payout, stake, bp);
          const exact = (Number(payout - stake) * bp) / 10_000;
          expect(Number(bonus)).toBeLessThanOrEqual(exact + 1e-9);
          expect(Number(bonus)).toBeGreaterThan(exact - 1);
        }
  });

  it('nothing when nothing was won', () => {
    expect(accaBonusCents(1000n, 1000n, 5000)).toBe(0n);
    expect(accaBonusCents(0n, 1000n, 5000)).toBe(0n);
  });
});

describe('which acca bonus a multi gets', () => {
  const rule = (over: Partial<AccaRule> = {}): AccaRule => ({
    promotionId: 'd'.repeat(24),
    tiers,
    minOddsPerLeg: 150,
    isActive: true,
    expiresAt: null,
    ...over,
  });

  it('every leg must be at the minimum odds or more', () => {
    expect(accaBonusFor([rule()], [150, 150, 150], NOW)?.bp).toBe(300);
    expect(accaBonusFor([rule()], [150, 149, 300], NOW)).toBeNull();
  });

  it('too few legs, or no promotion on offer: none', () => {
    expect(accaBonusFor([rule()], [200, 200], NOW)).toBeNull();
    expect(accaBonusFor([rule({ isActive: false })], [200, 200, 200], NOW)).toBeNull();
    expect(accaBonusFor([rule({ expiresAt: NOW })], [200, 200, 200], NOW)).toBeNull();
    expect(accaBonusFor([], [200, 200, 200], NOW)).toBeNull();
  });

  it('of two on offer, the higher percent for this many legs', () => {
    const other = rule({ promotionId: 'e'.repeat(24), tiers: [{ legs: 3, bp: 500 }], minOddsPerLeg: 120 });
    expect(accaBonusFor([rule(), other], [200, 200, 200], NOW)?.rule.promotionId).toBe('e'.repeat(24));
    expect(accaBonusFor([rule(), other], [200, 200, 200, 200, 200], NOW)?.rule.promotionId).toBe(
      'd'.repeat(24),
    );
    // legs under the first's minimum: the second applies
    expect(accaBonusFor([rule(), other], [130, 200, 200, 200, 200], NOW)?.bp).toBe(500);
  });
});

describe("what a settled bet's promotion adds and costs", () => {
  const t = [
    { legs: 3, bp: 500 },
    { legs: 4, bp: 1000 },
  ];
  const leg = (odds: number, result: string | null, baseOdds: number | null = null) => ({
    odds,
    result,
    baseOdds,
  });

  it('an acca that wins every leg: the bonus on top of the payout, and that is its cost', () => {
    const legs = [leg(200, 'won'), leg(200, 'won'), leg(200, 'won'), leg(200, 'won')];
    expect(promotedResult(1000n, 16_000n, legs, { tiers: t }, payoutCents)).toEqual({
      payoutCents: 17_500n,
      accaBonusBp: 1000,
      accaBonusCents: 1_500n,
      costCents: 1_500n,
    });
  });

  it('re-tiered on a void leg, nothing below the lowest tier, nothing on a loss', () => {
    const voidLeg = [leg(200, 'won'), leg(200, 'won'), leg(200, 'won'), leg(200, 'void')];
    expect(promotedResult(1000n, 8_000n, voidLeg, { tiers: t }, payoutCents)).toMatchObject({
      payoutCents: 8_350n,
      accaBonusBp: 500,
    });
    const twoVoid = [leg(200, 'won'), leg(200, 'won'), leg(200, 'void'), leg(200, 'push')];
    expect(promotedResult(1000n, 4_000n, twoVoid, { tiers: t }, payoutCents)).toMatchObject({
      payoutCents: 4_000n,
      accaBonusCents: 0n,
    });
    expect(promotedResult(1000n, null, voidLeg, { tiers: t }, payoutCents)).toMatchObject({
      payoutCents: null,
      costCents: 0n,
    });
  });

  it('a boost costs what the won bet was paid over its model prices', () => {
    expect(promotedResult(2000n, 6_000n, [leg(300, 'won', 210)], null, payoutCents)).toEqual({
      payoutCents: 6_000n,
      accaBonusBp: 0,
      accaBonusCents: 0n,
      costCents: 1_800n,
    });
    // a boosted leg that was void costs nothing
    expect(
      promotedResult(2000n, 4_000n, [leg(300, 'void', 210), leg(200, 'won')], null, payoutCents).costCents,
    ).toBe(0n);
  });
});
