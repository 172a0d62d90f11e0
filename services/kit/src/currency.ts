/**
 * The one currency of a deployment (CURRENCY, read once as a service starts). Every amount in
 * the system is an integer of that currency's minor unit (cents, kobo), and the API's numbers
 * are in that currency with two decimals. US dollars are the default, as the spec has it.
 */
export const CURRENCIES = ['USD', 'NGN'] as const;
export type Currency = (typeof CURRENCIES)[number];

const formats: Record<Currency, Intl.NumberFormat> = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
  // narrowSymbol: ₦1,000.00, not "NGN 1,000.00"
  NGN: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }),
};

let active: Currency = 'USD';

/** Sets the deployment's currency; the service bootstrap calls it with CURRENCY. */
export function setWalletCurrency(currency: Currency): void {
  if (!CURRENCIES.includes(currency))
    throw new RangeError(`CURRENCY must be one of ${CURRENCIES.join(', ')}`);
  active = currency;
}

/** The deployment's currency: what `GET /wallet` names and every amount is counted in. */
export function walletCurrency(): Currency {
  return active;
}

/** 123450 minor units → "$1,234.50" / "₦1,234.50". */
export function formatMinor(minor: bigint | number, currency: Currency): string {
  return formats[currency].format(Number(minor) / 100);
}

/** An amount in a message a person reads (a refusal, a notification), in the deployment's currency. */
export function moneyText(minor: bigint | number): string {
  return formatMinor(minor, active);
}

/** A default that depends on the currency (a preset, a stake bound): the deployment's one. */
export function perCurrency<T>(values: Record<Currency, T>): T {
  return values[active];
}
