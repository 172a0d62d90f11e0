import { describe, expect, it } from 'vitest';
import { accaPercent, accaTiers, type PromotionRules, promoTerms, termsMoney } from './terms';

describe('promoTerms: the sentence players read, for every rule kind', () => {
  it('a first-deposit match with wagering', () => {
    expect(
      promoTerms({
        kind: 'deposit_match',
        percent: 100,
        cap: 100,
        wagering: 5,
        minOdds: 1.5,
        expiresInDays: 30,
        firstDepositOnly: true,
      }),
    ).toBe('100% of your first deposit up to $100, wager 5× at odds 1.50+ within 30 days.');
  });

  it('an every-deposit match without wagering, cents and one day', () => {
    expect(
      promoTerms({
        kind: 'deposit_match',
        percent: 50,
        cap: 25.5,
        wagering: 0,
        minOdds: 1.01,
        expiresInDays: 1,
        firstDepositOnly: false,
      }),
    ).toBe('50% of every deposit up to $25.50 each, no wagering, bonus lasts 1 day.');
  });

  it('a free bet, with and without leagues and markets', () => {
    const base = { kind: 'free_bet', amount: 10, minOdds: 1.8, expiresInDays: 7 } as const;
    expect(promoTerms(base)).toBe(
      'A $10 free bet at odds 1.80+, valid 7 days after you claim it. Stake not returned.',
    );
    expect(promoTerms({ ...base, leagues: ['Premier League', 'La Liga'], markets: ['1x2'] })).toBe(
      'A $10 free bet at odds 1.80+, on Premier League, La Liga, markets 1x2, valid 7 days after you claim it. Stake not returned.',
    );
  });

  it('an odds boost by price or by percent, naming the game and pick when known', () => {
    const boost = {
      kind: 'odds_boost',
      gameId: 'a'.repeat(24),
      market: '1x2',
      outcome: 'A',
      boostedOdds: 3.5,
      maxStake: 20,
    } as const;
    expect(promoTerms(boost, { game: 'Arsenal vs Chelsea', pick: 'Arsenal to win' })).toBe(
      'Arsenal to win in Arsenal vs Chelsea boosted to 3.50, max stake $20.',
    );
    const { boostedOdds: _, ...byPercent } = boost;
    expect(promoTerms({ ...byPercent, boostPercent: 10 })).toBe(
      '1x2 A in the game +10% on the price, max stake $20.',
    );
  });

  it('an accumulator bonus: its range whatever the order of tiers, and one tier', () => {
    const acca: PromotionRules = {
      kind: 'acca_bonus',
      minOddsPerLeg: 1.2,
      tiers: [
        { legs: 20, percent: 100 },
        { legs: 3, percent: 3 },
        { legs: 5, percent: 10 },
      ],
    };
    expect(promoTerms(acca)).toBe(
      'A payout bonus of +3% (3 legs) up to +100% (20+ legs), each leg at odds 1.20+.',
    );
    expect(promoTerms({ ...acca, tiers: [{ legs: 4, percent: 7.5 }] })).toBe(
      'A payout bonus of +7.5% on multis of 4+ legs, each leg at odds 1.20+.',
    );
    expect(accaTiers(acca).map((t) => t.legs)).toEqual([3, 5, 20]);
    expect([2, 3, 4, 5, 19, 20, 25].map((n) => accaPercent(acca, n))).toEqual([0, 3, 3, 10, 10, 100, 100]);
  });

  it('money without ".00" for whole dollars', () => {
    expect([termsMoney(1000), termsMoney(0.5), termsMoney(19.99)]).toEqual(['$1,000', '$0.50', '$19.99']);
  });
});
