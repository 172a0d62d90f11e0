import { startService } from '@bet/kit';
import { testInfrastructure } from '@bet/kit/testing';
import { describe, expect, it } from 'vitest';
import { walletService } from '../src';
import { startWallet } from './helpers';

/** The sandbox mints money for anyone: never by default in production (issue 13 item 2). */
describe('the sandbox payment provider in production', () => {
  it('refuses to start with NODE_ENV=production and no real provider', async () => {
    const infra = await testInfrastructure({ env: { NODE_ENV: 'production' } });
    try {
      await expect(startService(walletService, infra)).rejects.toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    } finally {
      await infra.close();
    }
  });

  it('starts when allowed explicitly, and says publicly that deposits are the sandbox', async () => {
    const h = await startWallet({ env: { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' } });
    try {
      const res = await h.http('GET', '/api/v1/wallet/payments');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ provider: 'sandbox', sandbox: true, currency: 'USD' });
    } finally {
      await h.close();
    }
  });

  it('in development the sandbox is the default, and still says so', async () => {
    const h = await startWallet();
    try {
      expect((await h.http('GET', '/api/v1/wallet/payments')).body).toEqual({
        provider: 'sandbox',
        sandbox: true,
        currency: 'USD',
      });
    } finally {
      await h.close();
    }
  });
});
