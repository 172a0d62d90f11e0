import { describe, expect, it } from 'vitest';
import { betStatusFilter, isTxFilter, txFilter } from './statement';

describe('statement filters', () => {
  it('does not take a key every object inherits for a filter word', () => {
    for (const k of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'Constructor']) {
      expect(txFilter(k), k).toBeUndefined();
      expect(isTxFilter(k), k).toBe(false);
    }
  });

  it('reads the spec labels in any spelling', () => {
    expect(txFilter('All')).toBeUndefined();
    expect(txFilter('Top-up')).toBe('topup');
    expect(txFilter('topup')).toBe('topup');
    expect(txFilter('Withdrawal')).toBe('withdrawal');
    expect(betStatusFilter('Won')).toBe('won');
    expect(betStatusFilter('All')).toBeUndefined();
    expect(betStatusFilter('cashed_out')).toBeNull();
  });
});
