import { newId } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

/** Issue 13, item 6 (balances in cents): no admin moves money to or for themselves; big adjustments take two admins. */
let h: Harness;
beforeAll(async () => {
  h = await startWallet({ env: { ADJUSTMENT_APPROVAL_THRESHOLD: '500' } });
});
afterAll(async () => h?.close());

const adjust = (token: string, userId: string, amount: number) =>
  h.http('PATCH', `/api/v1/admin/users/${userId}/wallet`, {
    token,
    body: { amount, description: 'goodwill' },
  });

describe('separation of duties', () => {
  it('refuses an admin crediting their own wallet, whatever the amount', async () => {
    for (const amount of [5, 5000]) {
      const res = await adjust(h.adminToken, h.adminId, amount);
      expect(res).toMatchObject({ status: 403, body: { msg: 'You cannot adjust your own wallet.' } });
    }
    expect(await h.balance(h.adminId)).toBe(0);
  });

  it('refuses an admin processing their own withdrawal; another admin may', async () => {
    const other = await makeOther();
    // the other admin funds our admin (a player account once) so it can ask for a withdrawal
    expect((await adjust(other.token, h.adminId, 50)).status).toBe(200);
    const req = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
      token: h.adminToken,
      body: { amount: 20 },
    });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const id = req.body.withdrawal._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const own = await h.http('PATCH', `/api/v1/admin/withdrawals/${id}/process`, {
      token: h.adminToken,
      body: { status: 'approved' },
    });
    expect(own).toMatchObject({
      status: 403,
      body: { msg: 'You cannot process your own withdrawal request.' },
    });
    const byOther = await h.http('PATCH', `/api/v1/admin/withdrawals/${id}/process`, {
      token: other.token,
      body: { status: 'approved' },
    });
    expect(byOther.status, JSON.stringify(byOther.body)).toBe(200);
  });
});

async function makeOther() {
  const id = newId();
  return { id, token: await h.infra.token({ id, role: 'admin', username: 'second' }) };
}

describe('four-eyes adjustments above the threshold', () => {
  it('holds a large adjustment until a second admin approves it, then posts it once', async () => {
    const player = newId();
    const second = await makeOther();
    const asked = await adjust(h.adminToken, player, 750);
    expect(asked.status).toBe(202);
    expect(asked.body.msg).toMatch(/second admin/);
    expect(asked.body.request).toMatchObject({ userId: player, amount: 750, status: 'pending' });
    expect(await h.balance(player)).toBe(0);
    const id = asked.body.request._id;

    const pending = await h.http('GET', '/api/v1/admin/wallet/adjustments', { token: second.token });
    expect(pending.body.requests.map((r: any) => r._id)).toContain(id);

    // the requester cannot approve their own request
    const self = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, {
      token: h.adminToken,
    });
    expect(self.status).toBe(403);
    expect(await h.balance(player)).toBe(0);

    const ok = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, {
      token: second.token,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      walletBalance: 750,
      request: { status: 'approved', approvedBy: second.id },
    });
    expect(await h.balance(player)).toBe(75_000);
    const again = await h.http('POST', `/api/v1/admin/wallet/adjustments/${id}/approve`, {
      token: second.token,
    });
    expect(again.status).toBe(409);
    expect(await h.balance(player)).toBe(75_000);

    // the ledger line names the approver (the audit log reads it) and both admins
    const line = await h.db
      .selectFrom('transactions')
      .select(['reference', 'actor_id', 'metadata'])
      .where('user_id', '=', player)
      .executeTakeFirstOrThrow();
    expect(line.reference).toBe(`admin:${second.id}`);
    expect(line.metadata).toMatchObject({ requestedBy: h.adminId, approvedBy: second.id });
  });

  it('posts small adjustments at once, and players cannot see or approve requests', async () => {
    const player = newId();
    expect((await adjust(h.adminToken, player, 500)).status).toBe(200);
    expect(await h.balance(player)).toBe(50_000);
    const token = await h.userToken(player);
    expect((await h.http('GET', '/api/v1/admin/wallet/adjustments', { token })).status).toBe(403);
  });
});
