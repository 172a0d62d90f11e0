// Money as players read it, in the deployment's one currency (the server names it: GET
// /wallet/payments, GET /wallet): US dollars by default ($196,998.03), naira where the operator
// chose it (₦196,998.03). Two decimals and thousands separators either way.
export type Currency = 'USD' | 'NGN';
export const CURRENCIES: readonly Currency[] = ['USD', 'NGN'];

const FORMATS: Record<Currency, Intl.NumberFormat> = {
  USD: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  // narrowSymbol: ₦1,000.00, not "NGN 1,000.00"
  NGN: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
};
const SYMBOL: Record<Currency, string> = { USD: '$', NGN: '₦' };

let current: Currency = 'USD';

export function isCurrency(c: unknown): c is Currency {
  return typeof c === 'string' && (CURRENCIES as readonly string[]).includes(c);
}

/** The currency every amount is formatted in; set once the server has said it (core/deployment). */
export function setMoneyCurrency(currency: Currency): void {
  if (isCurrency(currency)) current = currency;
}

export function moneyCurrency(): Currency {
  return current;
}

function num(n: unknown): number {
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? v : 0;
}

/** $1,234.50 / -₦3.00: the one money format of the web (every screen, toast and label) */
export function formatMoney(n: unknown): string {
  return FORMATS[current].format(num(n));
}

/** ₦1,000 / $5,000: a round amount without its decimals (deposit presets, quick stakes) */
export function formatWholeMoney(n: unknown): string {
  const v = num(n);
  return v % 1 === 0 ? formatMoney(v).replace(/\.00$/, '') : formatMoney(v);
}

/** +$1,212.50 / -$3.00 (net figures) */
export function formatSignedMoney(n: unknown): string {
  const v = num(n);
  return `${v > 0 ? '+' : ''}${formatMoney(v)}`;
}

/** $1.2k / -$15 / ₦1.2M: short labels for chart axes */
export function formatCompactMoney(n: unknown): string {
  const v = num(n);
  const abs = Math.abs(v);
  const body =
    abs >= 1_000_000
      ? `${(abs / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`
      : abs >= 1000
        ? `${(abs / 1000).toFixed(abs >= 10_000 ? 0 : 1)}k`
        : abs % 1 === 0
          ? String(abs)
          : abs.toFixed(2);
  return `${v < 0 ? '-' : ''}${SYMBOL[current]}${body}`;
}

/** the currency's sign alone ("$", "₦"), for an input's prefix or a field label */
export function currencySymbol(): string {
  return SYMBOL[current];
}

/** the currency in words ("dollars", "naira"), for a sentence about amounts */
export function currencyName(): string {
  return current === 'NGN' ? 'naira' : 'dollars';
}

/** A figure that depends on the currency (quick stakes, a default stake): the deployment's one. */
export function byCurrency<T>(values: Record<Currency, T>): T {
  return values[current];
}
