import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositNaira, koboToCents, nonZeroDollars, parseRate, positiveDollars } from './amounts';

describe('amounts at the edge', () => {
  it('accepts positive dollars with at most two decimals', () => {
    expect(positiveDollars(12.34)).toEqual({ ok: true, cents: 1234n });
    expect(positiveDollars(0.29)).toEqual({ ok: true, cents: 29n });
    expect(positiveDollars('12.30')).toEqual({ ok: true, cents: 1230n });
    for (const bad of [
      0,
      -1,
      1.005,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '5.',
      '0x10',
      ' ',
      true,
      null,
      [5],
      1e12,
    ]) {
      expect(positiveDollars(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses an amount that is positive but less than a cent', () => {
    expect(positiveDollars(1e-10)).toEqual({ ok: false, msg: 'amount must be at least 0.01' });
    expect(positiveDollars('0.00')).toEqual({ ok: false, msg: 'amount must be at least 0.01' });
  });

  it('accepts signed non-zero adjustments', () => {
    expect(nonZeroDollars(-5.5)).toEqual({ ok: true, cents: -550n });
    expect(nonZeroDollars(0).ok).toBe(false);
    expect(nonZeroDollars(0.001).ok).toBe(false);
    expect(nonZeroDollars(1e-10).ok).toBe(false);
    expect(nonZeroDollars('-2.50')).toEqual({ ok: true, cents: -250n });
  });

  it('takes deposits from 100 NGN, in kobo', () => {
    expect(depositNaira(100)).toEqual({ ok: true, cents: 10_000n });
    expect(depositNaira(99.99)).toEqual({ ok: false, msg: 'Minimum deposit is 100 NGN' });
    expect(depositNaira(150.555).ok).toBe(false);
  });
});

describe('NGN → USD', () => {
  it('converts exactly and rounds down to the cent', () => {
    const rate = parseRate(1500);
    expect(rate.text).toBe('1500');
    expect(koboToCents(1_500_000n, rate)).toBe(1000n); // ₦15,000 = $10.00
    expect(koboToCents(10_000n, rate)).toBe(6n); // ₦100 = $0.0666… → 6 cents
    expect(parseRate(1532.75).text).toBe('1532.75');
    expect(koboToCents(153_275n, parseRate(1532.75))).toBe(100n);
  });

  it('never credits more than was paid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10_000_000_000n }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (kobo, r) => {
          const rate = parseRate(r / 10_000);
          const cents = koboToCents(kobo, rate);
          // cents × rate ≤ kobo < (cents + 1) × rate, in ten-thousandths
          expect(cents * rate.perUsdTenThousandths <= kobo * 10_000n).toBe(true);
          expect((cents + 1n) * rate.perUsdTenThousandths > kobo * 10_000n).toBe(true);
        },
      ),
    );
  });

  it('refuses a rate it cannot represent exactly', () => {
    expect(() => parseRate(0)).toThrow();
    expect(() => parseRate(1500.123456)).toThrow(/four decimals/);
  });
});
