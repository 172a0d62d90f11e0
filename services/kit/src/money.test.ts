import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  hasAtMostTwoDecimals,
  oddsToHundredths,
  parseMoney,
  payoutCents,
  totalOddsHundredths,
} from './money';

describe('money', () => {
  it('converts dollars with two decimals exactly and refuses more precision', () => {
    expect(dollarsToCents(10.1)).toBe(1010n);
    expect(dollarsToCents(0.29)).toBe(29n);
    expect(dollarsToCents(-5.5)).toBe(-550n);
    expect(() => dollarsToCents(1.005)).toThrow(/two decimals/);
    expect(() => dollarsToCents(Number.NaN)).toThrow();
    expect(centsToDollars(1010n)).toBe(10.1);
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (c) => dollarsToCents(centsToDollars(BigInt(c))) === BigInt(c),
      ),
    );
  });

  it('knows two-decimal numbers', () => {
    expect(hasAtMostTwoDecimals(2.35)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(2.355)).toBe(false);
    expect(oddsToHundredths(2.35)).toBe(235);
  });

  it('multiplies odds exactly and rounds the payout down to the cent', () => {
    // 3.33 × 3 × 1.01 on $1: exact product 10.0899 × … no float drift
    expect(payoutCents(100n, [333, 300])).toBe(999n);
    expect(payoutCents(1000n, [199, 199, 199])).toBe(7880n); // 78.80599 → 78.80
    expect(payoutCents(1n, [150])).toBe(1n); // 1.5 cents → 1
    expect(totalOddsHundredths([150, 150])).toBe(225);
  });

  it('never pays more than the exact product (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.array(fc.integer({ min: 101, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        (stake, odds) => {
          const p = payoutCents(stake, odds);
          const exactNum = odds.reduce((acc, o) => acc * BigInt(o), stake);
          const den = 100n ** BigInt(odds.length);
          return p * den <= exactNum && (p + 1n) * den > exactNum;
        },
      ),
    );
  });
});

describe('parseMoney', () => {
  it('reads a number or a strict decimal string into exact cents', () => {
    expect(parseMoney(10.5)).toEqual({ ok: true, cents: 1050n });
    expect(parseMoney('10.5')).toEqual({ ok: true, cents: 1050n });
    expect(parseMoney('0.07')).toEqual({ ok: true, cents: 7n });
    expect(parseMoney('90071992547409.99')).toEqual({ ok: true, cents: 9007199254740999n });
    expect(parseMoney('-3.10', { signed: true })).toEqual({ ok: true, cents: -310n });
  });

  it('refuses every other shape of "number"', () => {
    for (const v of [
      '0x10',
      '0b11',
      '1e3',
      ' 5',
      '5 ',
      '',
      ' ',
      '-3',
      '+3',
      '.5',
      '5.',
      'NaN',
      true,
      false,
      null,
      [5],
      {},
    ]) {
      expect(parseMoney(v), JSON.stringify(v)).toMatchObject({ ok: false, reason: 'not_a_number' });
    }
    expect(parseMoney('1.005')).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseMoney(1.005)).toEqual({ ok: false, reason: 'too_many_decimals' });
  });

  it('lets a caller see that a tiny positive number is zero cents', () => {
    expect(parseMoney(1e-10)).toEqual({ ok: true, cents: 0n });
  });
});
