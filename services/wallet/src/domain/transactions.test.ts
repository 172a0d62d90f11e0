import { SPEC_TX_TYPES, specTxType } from '@bet/proto-events';
import { describe, expect, it } from 'vitest';
import { summarize, typesForFilter, USER_TX_TYPES } from './transactions';

describe('transaction types', () => {
  it('maps the admin filter words onto ledger types', () => {
    const names = (f: string) =>
      typesForFilter(f)?.map((c) => ('sign' in c ? `${c.type}:${c.sign}` : c.type));
    expect(names('bet')).toEqual(['bet', 'aviator_bet', 'refund']);
    expect(names('win')).toEqual(['win', 'cashout', 'aviator_win', 'acca_bonus']);
    expect(names('topup')).toEqual(['topup', 'adjustment:credit', 'bonus_grant', 'bonus_conversion']);
    expect(names('withdrawal')).toEqual([
      'withdrawal',
      'withdrawal_reversal',
      'adjustment:debit',
      'bonus_expiry',
    ]);
    expect(names('cashout')).toEqual(['cashout']);
    expect(typesForFilter('all')).toBeUndefined();
    expect(typesForFilter('')).toBeUndefined();
    expect(typesForFilter(undefined)).toBeUndefined();
  });

  it('does not take a key every object inherits for a filter word', () => {
    for (const k of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])
      expect(typesForFilter(k), k).toBeUndefined();
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
});

describe('specTxType over the wallet filter', () => {
  it('answers a spec type whose filter selects the line', () => {
    for (const t of USER_TX_TYPES)
      for (const amount of [700n, -700n]) {
        const spec = specTxType(t, amount);
        expect(SPEC_TX_TYPES).toContain(spec);
        // reachable: the filter of its spec type selects it
        const clauses = typesForFilter(spec) ?? [];
        expect(
          clauses.some((c) => c.type === t && (!('sign' in c) || (c.sign === 'credit') === amount >= 0n)),
        ).toBe(true);
      }
  });
});
