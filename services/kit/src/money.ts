/**
 * Money is integer cents inside the system and dollars with two decimals at the edge.
 * These are the only conversions; they refuse anything that is not exact.
 */
export function dollarsToCents(dollars: number): bigint {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be a finite number');
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents / 100 - dollars) > 1e-9) throw new RangeError('amount has more than two decimals');
  return BigInt(cents);
}

export function centsToDollars(cents: bigint | number | string): number {
  return Number(BigInt(cents)) / 100;
}

/** true when the number has at most two decimals (0.1 + 0.2 style noise tolerated). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) / 100 - value) < 1e-9;
}

/** Odds travel as numbers with two decimals and are stored as integer hundredths. */
export function oddsToHundredths(odds: number): number {
  if (!hasAtMostTwoDecimals(odds)) throw new RangeError('odds have more than two decimals');
  return Math.round(odds * 100);
}

export function hundredthsToOdds(h: number): number {
  return h / 100;
}

/**
 * stake (cents) × product of odds (hundredths), rounded down to the cent, exactly.
 */
export function payoutCents(stakeCents: bigint, oddsHundredths: readonly number[]): bigint {
  let num = stakeCents;
  let den = 1n;
  for (const o of oddsHundredths) {
    num *= BigInt(o);
    den *= 100n;
  }
  return num / den;
}

/** Product of odds in hundredths, rounded down to two decimals (display of total odds). */
export function totalOddsHundredths(oddsHundredths: readonly number[]): number {
  return Number(payoutCents(100n, oddsHundredths));
}

/**
 * An amount as the API accepts it: a JSON number, or a strict decimal string (no sign, no
 * exponent, no hex, at most two decimals). Anything else — `true`, `[5]`, `"0x10"`, `" "` —
 * is not money.
 */
export const MONEY_STRING_PATTERN = '^\\d+(\\.\\d{1,2})?$';
export const SIGNED_MONEY_STRING_PATTERN = '^-?\\d+(\\.\\d{1,2})?$';
const MONEY_STRING = new RegExp(MONEY_STRING_PATTERN);
const SIGNED_MONEY_STRING = new RegExp(SIGNED_MONEY_STRING_PATTERN);

export type MoneyParse =
  | { ok: true; cents: bigint }
  | { ok: false; reason: 'not_a_number' | 'too_many_decimals' };

/**
 * Dollars (a number or a strict decimal string) → exact cents, or why not. Strings are read
 * digit by digit, never through a float; numbers must have at most two decimals. `signed`
 * lets a string carry a leading minus (admin adjustments).
 */
export function parseMoney(value: unknown, { signed = false } = {}): MoneyParse {
  if (typeof value === 'string') {
    if (!(signed ? SIGNED_MONEY_STRING : MONEY_STRING).test(value)) {
      return /^-?\d+\.\d{3,}$/.test(value)
        ? { ok: false, reason: 'too_many_decimals' }
        : { ok: false, reason: 'not_a_number' };
    }
    const negative = value.startsWith('-');
    const [whole, frac = ''] = value.replace(/^-/, '').split('.');
    const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
    return { ok: true, cents: negative ? -cents : cents };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, reason: 'not_a_number' };
  if (!hasAtMostTwoDecimals(value)) return { ok: false, reason: 'too_many_decimals' };
  return { ok: true, cents: BigInt(Math.round(value * 100)) };
}
