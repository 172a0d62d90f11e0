import { createHmac } from 'node:crypto';
import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

/** Money and closed accounts (issue 13 item 10): nothing lands in a wallet nobody can use. */
const SECRET = 'sandbox-secret-for-these-tests';
let h: Harness;
beforeAll(async () => {
  h = await startWallet({
    env: {
      PUBLIC_URL: 'http://bet.test',
      SANDBOX_WEBHOOK_SECRET: SECRET,
      NGN_PER_USD: '1500',
      ADJUSTMENT_APPROVAL_THRESHOLD: '100',
    },
  });
});
afterAll(async () => h?.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function openWallet(dollars: number) {
  const u = newId();
  await h.publish('user.registered', {
    userId: u,
    username: `p${u.slice(-6)}`,
    email: `${u}@example.com`,
    firstName: 'A',
    lastName: 'B',
    role: 'user',
    createdAt: new Date().toISOString(),
  });
  await eventually(
    async () =>
      (await h.db.selectFrom('accounts').select('id').where('id', '=', u).executeTakeFirst()) !== undefined,
  );
  if (dollars > 0) await h.fund(u, dollars);
  return { u, token: await h.userToken(u) };
}

async function close(u: string) {
  await h.publish('user.deleted', { userId: u, deletedBy: h.adminId });
  await eventually(
    async () =>
      (await h.db.selectFrom('accounts').select('status').where('id', '=', u).executeTakeFirst())?.status ===
      'closed',
  );
}

describe('closed accounts', () => {
  it("refuses to start a deposit for a closed account (a deleted user's token still verifies)", async () => {
    const { u, token } = await openWallet(0);
    await close(u);
    const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
      token,
      body: { amount: 15_000 },
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('This account is closed; it cannot take deposits.');
    expect(await countRows(h.db, 'deposits', sql`user_id = ${u}`)).toBe(0);
  });

  it('holds a payment that completes after the account closed, never credits it', async () => {
    const { u, token } = await openWallet(0);
    const started = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
      token,
      body: { amount: 15_000 },
    });
    expect(started.status).toBe(200);
    const reference = started.body.reference as string;
    await close(u);
    // the link was made before closure; the player pays it now
    const paid = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${reference}/pay`, {
      headers: form,
      body: '',
    });
    expect(paid.status).toBeLessThan(400);
    await eventually(async () => {
      const d = await h.db
        .selectFrom('deposits')
        .select('status')
        .where('reference', '=', reference)
        .executeTakeFirst();
      return d?.status === 'held';
    }, 10_000);
    expect(await h.balance(u)).toBe(0);
    expect(await countRows(h.db, 'transactions', sql`idempotency_key = ${`deposit:${reference}`}`)).toBe(0);
    // a replayed webhook does not credit it either
    const raw = JSON.stringify({ event: 'charge.completed', data: { reference } });
    const again = await h.http('POST', '/api/v1/wallet/webhooks/sandbox', {
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(again.status).toBe(200);
    expect(await h.balance(u)).toBe(0);
    const held = await h.http('GET', '/api/v1/admin/wallet/held-deposits', { token: h.adminToken });
    expect(held.status).toBe(200);
    expect(held.body.deposits.map((d: { reference: string }) => d.reference)).toContain(reference);
  });

  it("lets an admin pay out a closed wallet's balance, recorded with the admin's id", async () => {
    const { u } = await openWallet(25);
    await close(u);
    const other = await openWallet(0);
    const notClosed = await h.http('POST', `/api/v1/admin/wallet/closed/${other.u}/payout`, {
      token: h.adminToken,
      body: { description: 'closing' },
    });
    expect(notClosed.status).toBe(409);
    const res = await h.http('POST', `/api/v1/admin/wallet/closed/${u}/payout`, {
      token: h.adminToken,
      body: { description: 'Account closed: balance sent to the bank' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amount: 25, walletBalance: 0 });
    expect(await h.balance(u)).toBe(0);
    const tx = await h.db
      .selectFrom('transactions')
      .select(['actor_id', 'reference', 'type'])
      .where('id', '=', res.body.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ actor_id: h.adminId, reference: `admin:${h.adminId}`, type: 'withdrawal' });
    const empty = await h.http('POST', `/api/v1/admin/wallet/closed/${u}/payout`, {
      token: h.adminToken,
      body: { description: 'again' },
    });
    expect(empty.status).toBe(409);
    expect((await h.reconcile()).ok).toBe(true);
  });
});

/** Issue 30 item 4: a closed wallet's payout is under four-eyes like an adjustment. */
describe("a closed wallet's payout", () => {
  it('above the threshold waits for a second admin, who pays it out once', async () => {
    const { u } = await openWallet(90);
    // the same admin already moved 90 on this wallet today: paying 90 out takes the day to 180
    await close(u);
    const asked = await h.http('POST', `/api/v1/admin/wallet/closed/${u}/payout`, {
      token: h.adminToken,
      body: { description: 'Account closed: balance to the bank' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.msg).toMatch(/second admin/);
    expect(asked.body.request).toMatchObject({
      userId: u,
      amount: -90,
      kind: 'closed_payout',
      status: 'pending',
    });
    expect(await h.balance(u)).toBe(9000);
    const id = asked.body.request._id;
    const self = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, {
      token: h.adminToken,
    });
    expect(self.status).toBe(403);
    const secondId = newId();
    const second = await h.infra.token({ id: secondId, role: 'admin', username: 'second' });
    const ok = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, { token: second });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      walletBalance: 0,
      request: { status: 'approved', approvedBy: secondId },
    });
    expect(await h.balance(u)).toBe(0);
    const again = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, { token: second });
    expect(again.status).toBe(409);
    const tx = await h.db
      .selectFrom('transactions')
      .select(['actor_id', 'reference', 'type', 'metadata'])
      .where('id', '=', ok.body.request.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({
      actor_id: secondId,
      reference: `admin:${secondId}`,
      type: 'withdrawal',
      metadata: { closedWalletPayout: true, requestedBy: h.adminId, approvedBy: secondId },
    });
    expect((await h.reconcile()).ok).toBe(true);
  });
});
