import { describe, expect, it } from 'vitest';
import { betStatusFilter, txFilter } from './statement';

describe('statement filters', () => {
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
