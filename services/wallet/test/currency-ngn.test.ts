import { newId } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

// A naira deployment: every amount is kobo, deposits in naira are credited as they are.
let h: Harness;
beforeAll(async () => {
  h = await startWallet({ env: { CURRENCY: 'NGN', NGN_PER_USD: '1500', PUBLIC_URL: 'http://bet.test' } });
});
afterAll(async () => h?.close());

describe('a naira deployment (CURRENCY=NGN)', () => {
  it('says so on GET /wallet and on the public payments answer the web loads first', async () => {
    const token = await h.userToken(newId());
    const wallet = await h.http('GET', '/api/v1/wallet', { token });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({ walletBalance: 0, currency: 'NGN', debt: 0, bonusBalance: 0 });
    const payments = await h.http('GET', '/api/v1/wallet/payments');
    expect(payments.body).toMatchObject({ sandbox: true, currency: 'NGN' });
  });

  it('offers naira presets a Nigerian player deposits, each crediting what it costs', async () => {
    const res = await h.http('GET', '/api/v1/wallet/deposit/rate');
    expect(res.body).toEqual({
      currency: 'NGN',
      walletCurrency: 'NGN',
      ngnPerUsd: 1,
      minAmount: 100,
      presets: [
        { amount: 1000, credits: 1000 },
        { amount: 5000, credits: 5000 },
        { amount: 10000, credits: 10000 },
        { amount: 50000, credits: 50000 },
      ],
    });
  });

  it('credits a naira deposit without conversion, and the checkout names it in naira', async () => {
    const userId = newId();
    const token = await h.userToken(userId);
    const started = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
      token,
      body: { amount: 5000.5 },
    });
    expect(started.status).toBe(200);
    const reference = started.body.paymentLink.split('/').pop() as string;
    const page = await h.http('GET', `/api/v1/wallet/sandbox/checkout/${reference}`);
    expect(page.body).toContain('Credited as ₦5,000.50.');
    expect(page.body).not.toContain('NGN per USD');
    const paid = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${reference}/pay`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toContain('₦5,000.50 was added to your wallet.');
    expect(await h.balance(userId)).toBe(500_050);
    const wallet = await h.http('GET', '/api/v1/wallet', { token });
    expect(wallet.body).toMatchObject({ walletBalance: 5000.5, currency: 'NGN' });
  });
});
