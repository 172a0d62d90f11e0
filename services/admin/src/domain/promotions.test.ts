import { describe, expect, it } from 'vitest';
import { editPromotion, isOnOffer, newPromotion, PromotionInvalid, parseExpiry } from './promotions';

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
});
