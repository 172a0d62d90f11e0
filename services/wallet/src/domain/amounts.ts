import { parseMoney } from '@bet/kit/core';

export type AmountCheck = { ok: true; cents: bigint } | { ok: false; msg: string };

/** Largest amount accepted at the edge; keeps every sum far inside exact JSON numbers. */
export const MAX_DOLLARS = 100_000_000;
export const MIN_DEPOSIT_NGN = 100;
export const MAX_DEPOSIT_NGN = 100_000_000;

/** A number or a strict decimal string (see parseMoney) → exact hundredths. */
function toHundredths(value: unknown, field: string, signed = false): AmountCheck {
  const r = parseMoney(value, { signed });
  if (r.ok) return r;
  return r.reason === 'too_many_decimals'
    ? { ok: false, msg: `${field} must have at most two decimals` }
    : { ok: false, msg: `${field} must be a number` };
}

/** A positive dollar amount with at most two decimals (stakes, withdrawals). */
export function positiveDollars(value: unknown, field = 'amount'): AmountCheck {
  const r = toHundredths(value, field);
  if (!r.ok) return r;
  if (typeof value === 'number' && value <= 0) return { ok: false, msg: `${field} must be greater than 0` };
  // 1e-10 is positive but rounds to no money at all
  if (r.cents < 1n) return { ok: false, msg: `${field} must be at least 0.01` };
  if (r.cents > BigInt(MAX_DOLLARS) * 100n)
    return { ok: false, msg: `${field} must be at most ${MAX_DOLLARS}` };
  return r;
}

/** A signed, non-zero dollar amount (admin adjustments). */
export function nonZeroDollars(value: unknown, field = 'amount'): AmountCheck {
  const r = toHundredths(value, field, true);
  if (!r.ok) return r;
  if (r.cents === 0n) return { ok: false, msg: `${field} must be a non-zero number` };
  const abs = r.cents < 0n ? -r.cents : r.cents;
  if (abs > BigInt(MAX_DOLLARS) * 100n)
    return { ok: false, msg: `${field} must be at most ${MAX_DOLLARS} in size` };
  return r;
}

/** A deposit in naira: at least 100, two decimals; returns kobo in `cents`. */
export function depositNaira(value: unknown, field = 'amount'): AmountCheck {
  const r = toHundredths(value, field);
  if (!r.ok) return r;
  if (r.cents < BigInt(MIN_DEPOSIT_NGN) * 100n)
    return { ok: false, msg: `Minimum deposit is ${MIN_DEPOSIT_NGN} NGN` };
  if (r.cents > BigInt(MAX_DEPOSIT_NGN) * 100n)
    return { ok: false, msg: `Maximum deposit is ${MAX_DEPOSIT_NGN} NGN` };
  return r;
}

/**
 * The exchange rate as an exact fraction: NGN_PER_USD with up to four decimals becomes
 * `numerator / 10000`, so kobo → cents is pure integer arithmetic.
 */
export interface Rate {
  /** naira per dollar × 10 000 */
  perUsdTenThousandths: bigint;
  /** the rate as written, for the records */
  text: string;
}

export function parseRate(ngnPerUsd: number): Rate {
  if (!Number.isFinite(ngnPerUsd) || ngnPerUsd <= 0)
    throw new RangeError('NGN_PER_USD must be a positive number');
  const scaled = Math.round(ngnPerUsd * 10_000);
  if (Math.abs(scaled / 10_000 - ngnPerUsd) > 1e-9)
    throw new RangeError('NGN_PER_USD may have at most four decimals');
  const whole = BigInt(scaled) / 10_000n;
  const frac = (BigInt(scaled) % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return { perUsdTenThousandths: BigInt(scaled), text: frac ? `${whole}.${frac}` : `${whole}` };
}

/**
 * What a naira deposit is credited at: NGN_PER_USD in a dollar deployment; one for one (kobo
 * are the wallet's minor unit) in a naira deployment, where nothing is converted.
 */
export function depositRate(currency: 'USD' | 'NGN', ngnPerUsd: number): Rate {
  return currency === 'NGN' ? parseRate(1) : parseRate(ngnPerUsd);
}

/** kobo → US cents at the rate, rounded down (the platform never credits a fraction it did not receive). */
export function koboToCents(kobo: bigint, rate: Rate): bigint {
  // cents = kobo / ngnPerUsd = kobo × 10 000 / (ngnPerUsd × 10 000)
  return (kobo * 10_000n) / rate.perUsdTenThousandths;
}
