import { describe, expect, it } from 'vitest';
import { summarize, totalPages, typesForFilter } from './transactions';

describe('transaction types', () => {
  it('maps the admin filter words onto ledger types', () => {
    expect(typesForFilter('bet')).toEqual(['bet', 'aviator_bet', 'refund']);
    expect(typesForFilter('win')).toEqual(['win', 'cashout', 'aviator_win']);
    expect(typesForFilter('topup')).toEqual(['topup']);
    expect(typesForFilter('withdrawal')).toEqual(['withdrawal', 'withdrawal_reversal']);
    expect(typesForFilter('cashout')).toEqual(['cashout']);
    expect(typesForFilter('all')).toBeUndefined();
    expect(typesForFilter('')).toBeUndefined();
    expect(typesForFilter(undefined)).toBeUndefined();
  });

  it('summarises top-ups, winnings and stakes as magnitudes with counts', () => {
    const s = summarize([
      { type: 'topup', count: 2, amount: 5000n },
      { type: 'bet', count: 3, amount: -1500n },
      { type: 'aviator_bet', count: 1, amount: -200n },
      { type: 'win', count: 1, amount: 2100n },
      { type: 'cashout', count: 1, amount: 700n },
      { type: 'refund', count: 1, amount: 500n },
      { type: 'withdrawal', count: 1, amount: -1000n },
    ]);
    expect(s).toEqual({
      totalTopUps: { amount: 5000n, count: 2 },
      totalWinnings: { amount: 2800n, count: 2 },
      totalBetsPlaced: { amount: 1700n, count: 4 },
    });
  });

  it('counts pages, at least one', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(20, 20)).toBe(1);
    expect(totalPages(21, 20)).toBe(2);
  });
});
