import { afterEach, describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  formatMinor,
  moneyText,
  perCurrency,
  setWalletCurrency,
  walletCurrency,
} from './currency';

afterEach(() => setWalletCurrency('USD'));

describe('the one currency of a deployment', () => {
  it('is US dollars unless the operator says otherwise', () => {
    expect(walletCurrency()).toBe('USD');
    expect(moneyText(123_450n)).toBe('$1,234.50');
    expect(moneyText(-300)).toBe('-$3.00');
  });

  it('writes naira with the naira sign and grouping', () => {
    expect(formatMinor(100_000n, 'NGN')).toBe('₦1,000.00');
    expect(formatMinor(500_000_050n, 'NGN')).toBe('₦5,000,000.50');
    setWalletCurrency('NGN');
    expect(walletCurrency()).toBe('NGN');
    expect(moneyText(10_000n)).toBe('₦100.00');
  });

  it('refuses a currency it cannot write', () => {
    expect(() => setWalletCurrency('EUR' as never)).toThrow(/USD|NGN/);
    expect(CURRENCIES).toEqual(['USD', 'NGN']);
  });

  it('picks the figure of the deployment currency', () => {
    expect(perCurrency({ USD: 1, NGN: 1000 })).toBe(1);
    setWalletCurrency('NGN');
    expect(perCurrency({ USD: 1, NGN: 1000 })).toBe(1000);
  });
});
