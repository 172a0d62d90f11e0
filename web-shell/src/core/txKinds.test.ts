import { WALLET_TX_TYPES } from '@bet/proto-events';
import { describe, expect, it } from 'vitest';
import { txKindLabel } from './txKinds';

describe('txKindLabel', () => {
  it('gives every wallet transaction type of the catalogue a label of words, not a code', () => {
    for (const kind of WALLET_TX_TYPES) {
      const label = txKindLabel(kind);
      expect(label).not.toContain('_');
      expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
    }
    expect(txKindLabel('topup')).toBe('Top-up');
    expect(txKindLabel('aviator_win')).toBe('Aviator win');
  });

  it('reads a type added later as its words', () => {
    expect(txKindLabel('promo_bonus')).toBe('Promo bonus');
  });
});
