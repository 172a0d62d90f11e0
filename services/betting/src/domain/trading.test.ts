import { DomainError } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import { acceptsPrice, checkLiability, checkOddsCeiling, type OddsChange } from './trading';

describe('a moved price and the slip\'s "Odds changes" choice', () => {
  const table: Array<[number, number, OddsChange, boolean]> = [
    // quoted, current, choice, taken
    [250, 250, 'none', true],
    [250, 250, 'higher', true],
    [250, 250, 'any', true],
    [250, 240, 'none', false],
    [250, 260, 'none', false],
    [250, 240, 'higher', false],
    [250, 260, 'higher', true],
    [250, 240, 'any', true],
    [250, 101, 'any', true],
  ];
  it.each(table)('quoted %i, now %i, choice %s: taken %s', (quoted, current, choice, taken) => {
    expect(acceptsPrice(quoted, current, choice)).toBe(taken);
  });
});

describe('the odds ceiling', () => {
  it('takes a price at the ceiling and refuses one above it', () => {
    expect(() => checkOddsCeiling(50_000, 50_000, 'Arsenal')).not.toThrow();
    const err = (() => {
      try {
        checkOddsCeiling(93_508, 50_000, 'Arsenal');
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(err).toBeInstanceOf(DomainError);
    expect(err?.code).toBe('max_odds');
    expect(err?.message).toBe('The odds of Arsenal (935.08) are above the maximum of 500.00 we accept.');
  });
});

describe('the liability limit per game and market', () => {
  const refusal = (f: () => void) => {
    try {
      f();
    } catch (e) {
      return e as DomainError;
    }
    return null;
  };
  const table: Array<[bigint, bigint, bigint, number, string | null]> = [
    // exposed, this bet's payout, limit, total odds, refusal (null: taken)
    [0n, 100_000n, 100_000n, 200, null],
    [40_000n, 60_000n, 100_000n, 300, null],
    [40_000n, 60_001n, 100_000n, 300, 'The largest stake we can accept on it now is $200.00.'],
    [99_999n, 300n, 100_000n, 300, ' We cannot accept more bets on it now.'],
    [120_000n, 300n, 100_000n, 300, ' We cannot accept more bets on it now.'],
    [0n, 200_000n, 100_000n, 333, 'The largest stake we can accept on it now is $300.30.'],
  ];
  it.each(table)('exposed %i + %i against %i at %i', (exposed, payout, limit, odds, msg) => {
    const err = refusal(() =>
      checkLiability({
        exposedCents: exposed,
        payoutCents: payout,
        limitCents: limit,
        totalOdds: odds,
        pick: 'X',
      }),
    );
    if (msg === null) expect(err).toBeNull();
    else {
      expect(err?.code).toBe('max_liability');
      expect(err?.message).toContain(msg);
      expect(err?.message.startsWith('This bet is over our limit for X.')).toBe(true);
    }
  });
  it('offers a stake whose payout fits the room exactly', () => {
    // $300.30 at 3.33 pays $999.99, within the $1,000.00 room
    expect((30_030n * 333n) / 100n).toBeLessThanOrEqual(100_000n);
  });
});
