import { createHmac } from 'node:crypto';
import { newId, startService } from '@bet/kit';
import { testInfrastructure } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletService } from '../src/index';
import { FakeProviders } from './fake-providers';
import { countRows, type Harness, startWallet } from './helpers';

const FW_SECRET = 'FLWSECK_TEST-0123456789abcdef-X';
const FW_HASH = 'my-flutterwave-secret-hash';
const PS_SECRET = 'sk_test_0123456789abcdef';

let fake: FakeProviders;
beforeAll(async () => {
  fake = await new FakeProviders(FW_SECRET, PS_SECRET).start();
});
afterAll(async () => fake?.stop());

interface ProviderCase {
  name: 'flutterwave' | 'paystack';
  env: () => Record<string, string>;
  /** the webhook the provider would send for a settled charge, with its headers */
  webhook(charge: { id: number; reference: string; amountKobo: number; status: string }): {
    body: unknown;
    headers(raw: string): Record<string, string>;
  };
  forgedHeaders(raw: string): Record<string, string>;
  successStatus: string;
  failedStatus: string;
}

const cases: ProviderCase[] = [
  {
    name: 'flutterwave',
    env: () => ({
      PAYMENT_PROVIDER: 'flutterwave',
      FLUTTERWAVE_SECRET_KEY: FW_SECRET,
      FLUTTERWAVE_WEBHOOK_HASH: FW_HASH,
      FLUTTERWAVE_API_URL: fake.url,
    }),
    webhook: (c) => ({
      body: {
        event: 'charge.completed',
        data: {
          id: c.id,
          tx_ref: c.reference,
          flw_ref: `FLW-MOCK-${c.id}`,
          amount: c.amountKobo / 100,
          currency: 'NGN',
          status: c.status,
        },
      },
      headers: () => ({ 'verif-hash': FW_HASH }),
    }),
    forgedHeaders: () => ({ 'verif-hash': 'guessed-hash' }),
    successStatus: 'successful',
    failedStatus: 'failed',
  },
  {
    name: 'paystack',
    env: () => ({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: PS_SECRET, PAYSTACK_API_URL: fake.url }),
    webhook: (c) => ({
      body: {
        event: 'charge.success',
        data: { id: c.id, reference: c.reference, amount: c.amountKobo, currency: 'NGN', status: c.status },
      },
      headers: (raw) => ({
        'x-paystack-signature': createHmac('sha512', PS_SECRET).update(raw).digest('hex'),
      }),
    }),
    forgedHeaders: (raw) => ({
      'x-paystack-signature': createHmac('sha512', 'sk_test_wrong').update(raw).digest('hex'),
    }),
    successStatus: 'success',
    failedStatus: 'failed',
  },
];

describe.each(cases)('$name adapter against a local server speaking its API', (pc) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWallet({
      env: { ...pc.env(), PUBLIC_URL: 'http://bet.test', PROVIDER_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => h?.close());

  async function deposit(amount: number) {
    const userId = newId();
    const token = await h.userToken(userId);
    const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', { token, body: { amount } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { userId, token, reference: res.body.reference as string, link: res.body.paymentLink as string };
  }

  function send(
    charge: { id: number; reference: string; amountKobo: number; status: string },
    forged = false,
  ) {
    const w = pc.webhook(charge);
    const raw = JSON.stringify(w.body);
    return h.http('POST', `/api/v1/wallet/webhooks/${pc.name}`, {
      headers: { 'content-type': 'application/json', ...(forged ? pc.forgedHeaders(raw) : w.headers(raw)) },
      body: raw,
    });
  }

  it('initializes a checkout with the documented request and answers its link', async () => {
    const d = await deposit(7_500.5);
    expect(d.link).toMatch(
      pc.name === 'flutterwave'
        ? /^https:\/\/checkout\.flutterwave\.test\//
        : /^https:\/\/checkout\.paystack\.test\//,
    );
    const call = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(call.auth).toBe(`Bearer ${pc.name === 'flutterwave' ? FW_SECRET : PS_SECRET}`);
    if (pc.name === 'flutterwave') {
      expect(call.body).toMatchObject({
        tx_ref: d.reference,
        amount: '7500.50',
        currency: 'NGN',
        redirect_url: `http://bet.test/wallet?deposit=${d.reference}`,
      });
      expect(call.body.customer.email).toBe(`${d.userId}@users.invalid`);
    } else {
      expect(call.body).toMatchObject({
        reference: d.reference,
        amount: '750050',
        currency: 'NGN',
        callback_url: `http://bet.test/wallet?deposit=${d.reference}`,
      });
    }
  });

  it('credits a confirmed payment once, however often the webhook comes', async () => {
    const d = await deposit(30_000);
    const charge = fake.settle(d.reference, pc.successStatus);
    const first = await send(charge);
    expect(first).toMatchObject({ status: 200, body: { msg: 'Deposit credited.' } });
    const again = await Promise.all([send(charge), send(charge), send(charge)]);
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await h.balance(d.userId)).toBe(2000);
    expect(await countRows(h.db, 'transactions', sql`user_id = ${d.userId}`)).toBe(1);
    const dep = await h.db
      .selectFrom('deposits')
      .selectAll()
      .where('reference', '=', d.reference)
      .executeTakeFirstOrThrow();
    expect(dep).toMatchObject({ status: 'completed', provider: pc.name, provider_tx_id: String(charge.id) });
  });

  it('refuses a webhook with a bad signature, writing nothing', async () => {
    const d = await deposit(3_000);
    const charge = fake.settle(d.reference, pc.successStatus);
    const res = await send(charge, true);
    expect(res).toMatchObject({ status: 401, body: { msg: 'Invalid signature' } });
    expect(await h.balance(d.userId)).toBe(0);
    expect(
      (
        await h.db
          .selectFrom('deposits')
          .select('status')
          .where('reference', '=', d.reference)
          .executeTakeFirst()
      )?.status,
    ).toBe('pending');
  });

  it('believes the verify call, not the webhook', async () => {
    const d = await deposit(3_000);
    // the webhook claims success; the provider says the charge failed
    const charge = fake.settle(d.reference, pc.failedStatus);
    const res = await send({ ...charge, status: pc.successStatus });
    expect(res.status).toBe(200);
    expect(await h.balance(d.userId)).toBe(0);
    expect(
      (
        await h.db
          .selectFrom('deposits')
          .select('status')
          .where('reference', '=', d.reference)
          .executeTakeFirst()
      )?.status,
    ).toBe('failed');
  });

  it('does not credit a payment for less than the deposit', async () => {
    const d = await deposit(3_000);
    const charge = fake.settle(d.reference, pc.successStatus, { amountKobo: 100_000 });
    expect((await send({ ...charge, amountKobo: 300_000 })).status).toBe(200);
    expect(await h.balance(d.userId)).toBe(0);
    const dep = await h.db
      .selectFrom('deposits')
      .select(['status', 'failure_reason'])
      .where('reference', '=', d.reference)
      .executeTakeFirst();
    expect(dep).toEqual({ status: 'failed', failure_reason: 'paid 100000 kobo of 300000' });
  });

  it('asks the provider to retry while its verify call is down, and credits on the retry', async () => {
    const d = await deposit(4_500);
    const charge = fake.settle(d.reference, pc.successStatus);
    fake.verifyDown = true;
    try {
      expect((await send(charge)).status).toBe(502);
    } finally {
      fake.verifyDown = false;
    }
    expect(await h.balance(d.userId)).toBe(0);
    expect((await send(charge)).status).toBe(200);
    expect(await h.balance(d.userId)).toBe(300);
  });

  it('answers 502 when the provider cannot start a checkout, and marks the deposit failed', async () => {
    fake.initializeDown = true;
    try {
      const userId = newId();
      const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
        token: await h.userToken(userId),
        body: { amount: 500 },
      });
      expect(res).toMatchObject({
        status: 502,
        body: { msg: 'The payment provider is unavailable. Please try again later.' },
      });
      expect(
        (await h.db.selectFrom('deposits').select('status').where('user_id', '=', userId).executeTakeFirst())
          ?.status,
      ).toBe('failed');
    } finally {
      fake.initializeDown = false;
    }
  });

  it('ignores webhooks for unknown references and events it does not act on', async () => {
    const unknown = await send({
      id: 1,
      reference: `dep_${'f'.repeat(32)}`,
      amountKobo: 100,
      status: pc.successStatus,
    });
    expect(unknown).toMatchObject({ status: 200, body: { msg: 'Unknown reference; ignored.' } });
    const raw = JSON.stringify({ event: 'transfer.success', data: {} });
    const headers = pc.webhook({ id: 1, reference: 'x', amountKobo: 1, status: 'x' }).headers(raw);
    const other = await h.http('POST', `/api/v1/wallet/webhooks/${pc.name}`, {
      headers: { 'content-type': 'application/json', ...headers },
      body: raw,
    });
    expect(other).toMatchObject({ status: 200, body: { msg: 'Event ignored.' } });
    expect((await h.http('GET', `/api/v1/wallet/sandbox/checkout/dep_${'a'.repeat(32)}`)).status).toBe(404);
  });
});

it('refuses to start a real provider without its keys', async () => {
  const infra = await testInfrastructure({
    env: { PAYMENT_PROVIDER: 'flutterwave', FLUTTERWAVE_SECRET_KEY: 'x' },
  });
  try {
    await expect(startService(walletService, infra)).rejects.toThrow(
      /FLUTTERWAVE_WEBHOOK_HASH: is required when PAYMENT_PROVIDER=flutterwave/,
    );
  } finally {
    await infra.close();
  }
});
