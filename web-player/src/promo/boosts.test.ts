import { describe, expect, it } from 'vitest';
import { bestAcca, boostedOdds, boostFor, offersOf } from './boosts';

const G = 'a'.repeat(24);
const boostRules = (over = {}) => ({
  kind: 'odds_boost' as const,
  gameId: G,
  market: '1x2',
  outcome: 'A',
  maxStake: 20,
  ...over,
});

describe('boostedOdds (the betting rule: fixed odds, or base × (1 + %) down to the hundredth)', () => {
  it('takes the fixed boosted odds over the board price', () => {
    expect(boostedOdds(2.1, { boostedOdds: 2.5 })).toBe(2.5);
  });
  it('rounds a percent boost down to the hundredth', () => {
    expect(boostedOdds(2.1, { boostPercent: 10 })).toBe(2.31);
    expect(boostedOdds(1.87, { boostPercent: 15 })).toBe(2.15); // 2.1505
    expect(boostedOdds(3.33, { boostPercent: 12.5 })).toBe(3.74); // 3.74625
    expect(boostedOdds(1.99, { boostPercent: 33 })).toBe(2.64); // 2.6467
  });
  it('is exact where floating point is not (2.00 × 1.1 is 2.20, 1.15 × 1.2 is 1.38)', () => {
    expect(boostedOdds(2, { boostPercent: 10 })).toBe(2.2);
    expect(boostedOdds(1.15, { boostPercent: 20 })).toBe(1.38);
    expect(boostedOdds(4.1, { boostPercent: 10 })).toBe(4.51);
  });
});

describe('offersOf / boostFor / bestAcca', () => {
  const promo = (over: Record<string, unknown>) =>
    ({
      _id: 'p',
      title: 't',
      description: 'd',
      promoType: 'OddsBoost',
      isActive: true,
      expiresAt: null,
      ...over,
    }) as never;
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('keeps boosts and acca bonuses on offer only', () => {
    const offers = offersOf(
      [
        promo({ _id: 'b1', rules: boostRules({ boostedOdds: 2.5 }) }),
        promo({ _id: 'b2', rules: boostRules({ boostedOdds: 3 }), isActive: false }),
        promo({ _id: 'b3', rules: boostRules({ boostedOdds: 3 }), expiresAt: '2026-11-27T11:00:00Z' }),
        promo({
          _id: 'a1',
          promoType: 'Bonus',
          rules: { kind: 'acca_bonus', tiers: [{ legs: 3, percent: 5 }], minOddsPerLeg: 1.2 },
        }),
        promo({
          _id: 'f1',
          promoType: 'FreeBet',
          rules: { kind: 'free_bet', amount: 5, minOdds: 1.5, expiresInDays: 7 },
        }),
        promo({ _id: 'n1' }),
      ],
      now,
    );
    expect(offers.boosts.map((b) => b.id)).toEqual(['b1']);
    expect(offers.accas.map((a) => a.id)).toEqual(['a1']);
  });

  it('matches a boost on game, market (absent is 1X2) and outcome', () => {
    const boosts = [
      { id: 'x', rules: boostRules({ boostedOdds: 2.5 }) },
      { id: 'y', rules: boostRules({ market: 'ou_2.5', outcome: 'over', boostPercent: 10 }) },
    ];
    expect(boostFor(boosts, G, undefined, 'A')?.id).toBe('x');
    expect(boostFor(boosts, G, '1x2', 'A')?.id).toBe('x');
    expect(boostFor(boosts, G, undefined, 'B')).toBeUndefined();
    expect(boostFor(boosts, G, 'ou_2.5', 'over')?.id).toBe('y');
    expect(boostFor(boosts, 'b'.repeat(24), undefined, 'A')).toBeUndefined();
  });

  it('picks the acca bonus that gives the legs the highest percent', () => {
    const accas = [
      {
        id: 'one',
        rules: {
          kind: 'acca_bonus' as const,
          tiers: [
            { legs: 3, percent: 5 },
            { legs: 5, percent: 10 },
          ],
          minOddsPerLeg: 1.2,
        },
      },
      {
        id: 'two',
        rules: { kind: 'acca_bonus' as const, tiers: [{ legs: 4, percent: 8 }], minOddsPerLeg: 1.5 },
      },
    ];
    expect(bestAcca(accas, 2)).toBeNull();
    expect(bestAcca(accas, 3)).toEqual({ acca: accas[0], percent: 5 });
    expect(bestAcca(accas, 4)).toEqual({ acca: accas[1], percent: 8 });
    expect(bestAcca(accas, 7)).toEqual({ acca: accas[0], percent: 10 });
  });
});
