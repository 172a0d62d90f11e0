import { describe, expect, it } from 'vitest';
import { betStatusFilter, isTxFilter, specTxType, TX_FILTERS, txFilter } from './statement';

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

  it('puts every ledger type in exactly one group, adjustments by sign', () => {
    const types = [
      'topup',
      'bet',
      'win',
      'refund',
      'cashout',
      'withdrawal',
      'withdrawal_reversal',
      'aviator_bet',
      'aviator_win',
    ];
    for (const t of types) {
      const groups = Object.values(TX_FILTERS).filter((g) => g.some((c) => c.type === t));
      expect(groups, t).toHaveLength(1);
    }
    expect(specTxType('adjustment', 500n)).toBe('topup');
    expect(specTxType('adjustment', -500n)).toBe('withdrawal');
    expect(specTxType('aviator_win', 500n)).toBe('win');
  });
});
