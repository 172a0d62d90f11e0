import { createHmac } from 'node:crypto';
import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { validate, WalletDepositCompleted } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

const SECRET = 'sandbox-secret-for-these-tests';
let h: Harness;
const completed: any[] = [];

beforeAll(async () => {
  h = await startWallet({
    env: { PUBLIC_URL: 'http://bet.test', SANDBOX_WEBHOOK_SECRET: SECRET, NGN_PER_USD: '1500' },
  });
  await h.infra.bus.consume({
    durable: 'test-deposits',
    subjects: ['wallet.deposit_completed'],
    handler: async (e) => {
      completed.push(e.data);
    },
  });
});
afterAll(async () => h?.close());

async function startDeposit(amount: number) {
  const userId = newId();
  const token = await h.userToken(userId);
  const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', { token, body: { amount } });
  expect(res.status).toBe(200);
  const reference = res.body.paymentLink.split('/').pop() as string;
  return { userId, token, reference, link: res.body.paymentLink as string };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const pay = (reference: string) =>
  h.http('POST', `/api/v1/wallet/sandbox/checkout/${reference}/pay`, { headers: form, body: '' });

function webhook(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return h.http('POST', '/api/v1/wallet/webhooks/sandbox', {
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signature ?? createHmac('sha256', SECRET).update(raw).digest('hex'),
    },
    body: raw,
  });
}

async function sandboxPayment(reference: string) {
  return h.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

describe('sandbox deposits', () => {
  it('checkout page → Pay → signed webhook → credited once, rate and naira recorded', async () => {
    const d = await startDeposit(15_000);
    expect(d.link).toBe(`http://bet.test/api/v1/wallet/sandbox/checkout/${d.reference}`);
    const page = await h.http('GET', `/api/v1/wallet/sandbox/checkout/${d.reference}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('NGN 15,000.00');
    expect(page.body).toContain('$10.00');
    // the reference the player would quote to support
    expect(page.body).toContain(`<code>${d.reference}</code>`);
    expect(page.body).toMatch(/<button class="pay"/);

    const paid = await pay(d.reference);
    expect(paid.status).toBe(200);
    expect(paid.body).toContain('Payment complete');
    expect(await h.balance(d.userId)).toBe(1000);

    // Pay pressed again, and the provider's webhook replayed: still one credit
    expect((await pay(d.reference)).status).toBe(200);
    const p = await sandboxPayment(d.reference);
    const replay = await webhook({
      event: 'charge.completed',
      data: { id: p.provider_tx_id, reference: d.reference },
    });
    expect(replay).toMatchObject({ status: 200, body: { msg: 'Already processed.' } });
    expect(await h.balance(d.userId)).toBe(1000);

    const tx = await h.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', d.userId)
      .executeTakeFirstOrThrow();
    expect(tx.type).toBe('topup');
    expect(tx.metadata).toMatchObject({ provider: 'sandbox', amountKobo: '1500000', ngnPerUsd: '1500' });
    const dep = await h.db
      .selectFrom('deposits')
      .selectAll()
      .where('reference', '=', d.reference)
      .executeTakeFirstOrThrow();
    expect(dep).toMatchObject({
      status: 'completed',
      amount_kobo: '1500000',
      amount_cents: '1000',
      transaction_id: tx.id,
    });

    const summary = await h.http('GET', '/api/v1/wallet/summary', { token: d.token });
    expect(summary.body.totalTopUps).toEqual({ amount: 10, count: 1 });
    await eventually(() => completed.find((e) => e.reference === d.reference));
    const event = completed.find((e) => e.reference === d.reference);
    expect(validate(WalletDepositCompleted.schema, event)).toEqual([]);
    expect(event).toMatchObject({
      userId: d.userId,
      provider: 'sandbox',
      amountKobo: 1_500_000,
      amountCents: 1000,
    });
  });

  it('rounds the dollars down to the cent', async () => {
    const d = await startDeposit(100);
    await pay(d.reference);
    expect(await h.balance(d.userId)).toBe(6); // ₦100 / 1500 = $0.0666…
  });

  it('twenty simultaneous deliveries of one webhook credit once', async () => {
    const d = await startDeposit(3_000);
    await h.db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('reference', '=', d.reference)
      .execute();
    const p = await sandboxPayment(d.reference);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        webhook({ event: 'charge.completed', data: { id: p.provider_tx_id, reference: d.reference } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.msg === 'Deposit credited.')).toHaveLength(1);
    expect(await h.balance(d.userId)).toBe(200);
    expect(await countRows(h.db, 'transactions', sql`user_id = ${d.userId}`)).toBe(1);
  });

  it('a signed webhook is not enough: the provider must confirm the payment', async () => {
    const d = await startDeposit(1_500);
    const res = await webhook({ event: 'charge.completed', data: { id: 'forged', reference: d.reference } });
    expect(res).toMatchObject({ status: 200, body: { msg: 'Payment not final yet.' } });
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

  it('refuses a bad signature and ignores an unknown reference, writing nothing', async () => {
    const d = await startDeposit(1_500);
    await h.db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('reference', '=', d.reference)
      .execute();
    const before = await countRows(h.db, 'transactions');
    const body = { event: 'charge.completed', data: { reference: d.reference } };
    const bad = await webhook(
      body,
      createHmac('sha256', 'wrong-secret').update(JSON.stringify(body)).digest('hex'),
    );
    expect(bad).toMatchObject({ status: 401, body: { msg: 'Invalid signature' } });
    expect((await webhook(body, '')).status).toBe(401);
    const unsigned = await h.http('POST', '/api/v1/wallet/webhooks/sandbox', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(401);
    const unknown = await webhook({
      event: 'charge.completed',
      data: { reference: `dep_${'0'.repeat(32)}` },
    });
    expect(unknown).toMatchObject({ status: 200, body: { msg: 'Unknown reference; ignored.' } });
    const other = await h.http('POST', '/api/v1/wallet/webhooks/paystack', {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(other.status).toBe(404);
    expect(await countRows(h.db, 'transactions')).toBe(before);
    expect(await h.balance(d.userId)).toBe(0);
  });

  it('Cancel ends the payment: nothing credited, Pay no longer works', async () => {
    const d = await startDeposit(2_000);
    const cancelled = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${d.reference}/cancel`, {
      headers: form,
      body: '',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toContain('Payment cancelled');
    expect(
      (
        await h.db
          .selectFrom('deposits')
          .select('status')
          .where('reference', '=', d.reference)
          .executeTakeFirst()
      )?.status,
    ).toBe('cancelled');
    expect((await pay(d.reference)).status).toBe(409);
    expect(await h.balance(d.userId)).toBe(0);
    const unknown = await h.http('GET', `/api/v1/wallet/sandbox/checkout/dep_${'a'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Payment not found');
  });

  it('refuses bad deposit amounts with a clear message, writing nothing', async () => {
    const token = await h.userToken(newId());
    const before = await countRows(h.db, 'deposits');
    const cases: Array<[unknown, string | RegExp]> = [
      [{ amount: 99.99 }, 'Minimum deposit is 100 NGN'],
      [{ amount: 0 }, 'Minimum deposit is 100 NGN'],
      [{ amount: -500 }, 'Minimum deposit is 100 NGN'],
      [{ amount: 'abc' }, 'amount must be a number'],
      [{ amount: true }, 'amount must be a number'],
      [{ amount: 150.555 }, 'amount must have at most two decimals'],
      [{}, 'amount is required'],
      [{ amount: 500, currency: 'USD' }, 'currency is not allowed'],
    ];
    for (const [body, msg] of cases) {
      const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
      expect(res.body.errors[0].path).toBe(
        Object.keys(body as object).includes('currency') ? 'currency' : 'amount',
      );
    }
    expect(
      (await h.http('POST', '/api/v1/wallet/deposit/initialize', { body: { amount: 500 } })).status,
    ).toBe(401);
    expect(await countRows(h.db, 'deposits')).toBe(before);
  });
});
