import { describe, expect, it } from 'vitest';
import {
  SPEC_TX_TYPES,
  STAKE_TX_TYPES,
  specTxType,
  TX_GROUPS,
  WALLET_TX_TYPES,
  WINNING_TX_TYPES,
} from './ledger';

describe('the ledger vocabulary', () => {
  it('puts every ledger type, and each sign of it, in exactly one spec group', () => {
    for (const type of WALLET_TX_TYPES) {
      for (const sign of ['credit', 'debit'] as const) {
        const groups = SPEC_TX_TYPES.filter((g) =>
          TX_GROUPS[g].some((c) => c.type === type && (!('sign' in c) || c.sign === sign)),
        );
        expect(groups, `${type} (${sign})`).toHaveLength(1);
      }
    }
  });

  it('answers the group a line is filtered by', () => {
    expect(specTxType('cashout', 500n)).toBe('win');
    expect(specTxType('aviator_win', 500n)).toBe('win');
    expect(specTxType('refund', 500n)).toBe('bet');
    expect(specTxType('aviator_bet', -500n)).toBe('bet');
    expect(specTxType('adjustment', 500n)).toBe('topup');
    expect(specTxType('adjustment', -500n)).toBe('withdrawal');
    expect(specTxType('withdrawal_reversal', 500n)).toBe('withdrawal');
    expect(specTxType('promo_bonus', 500n)).toBe('topup');
    expect(specTxType('promo_fee', -500n)).toBe('withdrawal');
  });

  it('counts as winnings exactly the Win group, and as stakes the Bet group less its refunds', () => {
    expect(TX_GROUPS.win.map((c) => c.type)).toEqual([...WINNING_TX_TYPES]);
    expect(TX_GROUPS.bet.map((c) => c.type).filter((t) => t !== 'refund')).toEqual([...STAKE_TX_TYPES]);
  });
});
