import { describe, expect, it } from 'vitest';
import {
  claimRulesForWallet,
  depositMatchForWallet,
  editPromotion,
  isOnOffer,
  newPromotion,
  PromotionInvalid,
  type PromotionRules,
  parseExpiry,
} from './promotions';

const ID = '5f1d7f0c9b1e8a3d4c2b1a04';

describe('promotions', () => {
  it('defaults to Bonus, active, no expiry', () => {
    expect(newPromotion(ID, { title: ' Welcome ', description: 'x', expiresAt: '' })).toEqual({
      id: ID,
      title: 'Welcome',
      description: 'x',
      promoType: 'Bonus',
      isActive: true,
      expiresAt: null,
      rules: null,
    });
  });

  it('needs a title and a description', () => {
    expect(() => newPromotion(ID, { title: '  ', description: 'x' })).toThrow(PromotionInvalid);
    expect(() => newPromotion(ID, { title: 'a' })).toThrow('Title and description are required.');
  });

  it('reads a bare date as the end of that day and refuses nonsense', () => {
    expect(parseExpiry('2026-12-31')).toEqual(new Date('2026-12-31T23:59:59.999Z'));
    expect(parseExpiry('soon')).toBe('invalid');
  });

  it('edits only what is sent and may clear the expiry', () => {
    const p = newPromotion(ID, { title: 'a', description: 'b', expiresAt: '2030-01-01T00:00:00Z' });
    expect(editPromotion(p, { isActive: false })).toMatchObject({ title: 'a', isActive: false });
    expect(editPromotion(p, { expiresAt: null }).expiresAt).toBeNull();
    expect(() => editPromotion(p, { title: '' })).toThrow(PromotionInvalid);
  });

  it('offers only active, unexpired promotions', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(isOnOffer({ isActive: true, expiresAt: null }, now)).toBe(true);
    expect(isOnOffer({ isActive: false, expiresAt: null }, now)).toBe(false);
    expect(isOnOffer({ isActive: true, expiresAt: new Date(now - 1) }, now)).toBe(false);
    expect(isOnOffer({ isActive: true, expiresAt: new Date(now + 1) }, now)).toBe(true);
  });

  describe('rules (issue 33)', () => {
    const match: PromotionRules = {
      kind: 'deposit_match',
      percent: 100,
      cap: 100,
      wagering: 5,
      minOdds: 1.5,
      expiresInDays: 30,
      firstDepositOnly: true,
    };

    it('keeps rules that fit the promotion type, and turns a deposit match into cents for the wallet', () => {
      const p = newPromotion(ID, { title: 'a', description: 'b', promoType: 'Bonus', rules: match });
      expect(p.rules).toEqual(match);
      expect(depositMatchForWallet({ ...match, cap: 19.99, minOdds: 1.55 })).toEqual({
        kind: 'deposit_match',
        percent: 100,
        capCents: 1999,
        wageringMultiplier: 5,
        minOddsMilli: 1550,
        expiresInDays: 30,
        firstDepositOnly: true,
      });
      expect(
        claimRulesForWallet({ kind: 'free_bet', amount: 12.5, minOdds: 1.75, expiresInDays: 7 }),
      ).toEqual({ kind: 'free_bet', amountCents: 1250, minOddsMilli: 1750, expiresInDays: 7 });
      // the token carries the terms' leagues and markets (decision betting-010)
      expect(
        claimRulesForWallet({
          kind: 'free_bet',
          amount: 5,
          minOdds: 1.8,
          expiresInDays: 7,
          leagues: ['Premier League'],
          markets: ['1x2'],
        }),
      ).toEqual({
        kind: 'free_bet',
        amountCents: 500,
        minOddsMilli: 1800,
        expiresInDays: 7,
        leagues: ['Premier League'],
        markets: ['1x2'],
      });
      expect(claimRulesForWallet(null)).toBeNull();
      // an edit that does not send rules keeps them; null removes them
      expect(editPromotion(p, { title: 'c' }).rules).toEqual(match);
      expect(editPromotion(p, { rules: null }).rules).toBeNull();
    });

    it.each([
      [{ promoType: 'FreeBet', rules: match }, 'rules.kind'],
      [{ promoType: 'Bonus', rules: { ...match, cap: 10.005 } }, 'rules.cap'],
      [
        {
          promoType: 'OddsBoost',
          rules: { kind: 'odds_boost', gameId: ID, market: '1X2', outcome: 'home', maxStake: 50 },
        },
        'rules.boostedOdds',
      ],
      [
        {
          promoType: 'Bonus',
          rules: {
            kind: 'acca_bonus',
            tiers: [
              { legs: 3, percent: 3 },
              { legs: 3, percent: 5 },
            ],
            minOddsPerLeg: 1.2,
          },
        },
        'rules.tiers',
      ],
    ])('refuses rules that do not fit: %o', (input, path) => {
      try {
        newPromotion(ID, { title: 'a', description: 'b', ...(input as object) });
        expect.unreachable();
      } catch (err) {
        expect((err as PromotionInvalid).problems.map((p) => p.path)).toContain(path);
      }
    });

    it('a type change must still fit the rules', () => {
      const p = newPromotion(ID, { title: 'a', description: 'b', rules: match });
      expect(() => editPromotion(p, { promoType: 'OddsBoost' })).toThrow(PromotionInvalid);
    });
  });
});
