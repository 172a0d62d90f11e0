import { newId } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet({ env: { NGN_PER_USD: '1550.5' } });
});
afterAll(async () => h?.close());

describe('GET /wallet/deposit/rate', () => {
  it('shows what each preset credits, rounded down the way the credit is', async () => {
    const res = await h.http('GET', '/api/v1/wallet/deposit/rate');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      currency: 'NGN',
      walletCurrency: 'USD',
      ngnPerUsd: 1550.5,
      minAmount: 100,
      presets: [
        { amount: 5000, credits: 3.22 }, // 3.2247… → 3.22
        { amount: 10000, credits: 6.44 },
        { amount: 20000, credits: 12.89 },
        { amount: 50000, credits: 32.24 },
      ],
    });
  });
});

describe('the currency of a dollar deployment (the default)', () => {
  it('is named by GET /wallet and GET /wallet/payments', async () => {
    const token = await h.userToken(newId());
    const wallet = await h.http('GET', '/api/v1/wallet', { token });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({ walletBalance: 0, currency: 'USD', debt: 0, bonusBalance: 0 });
    expect((await h.http('GET', '/api/v1/wallet/payments')).body.currency).toBe('USD');
  });
});
