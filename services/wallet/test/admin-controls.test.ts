import { newId } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

/** Issue 13, item 6 (balances in cents): no admin moves money to or for themselves; big adjustments take two admins. */
let h: Harness;
beforeAll(async () => {
  h = await startWallet({
    env: { ADJUSTMENT_APPROVAL_THRESHOLD: '500', WITHDRAWAL_APPROVAL_THRESHOLD: '2000' },
  });
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
    // the admin who credited the money does not let it out either (issue 30); it was paid by an
    // admin's credit, so two other admins approve it
    const byCreditor = await process(other.token, id);
    expect(byCreditor.status).toBe(403);
    expect((await process((await makeOther()).token, id)).status).toBe(202);
    const byFourth = await process((await makeOther()).token, id);
    expect(byFourth.status, JSON.stringify(byFourth.body)).toBe(200);
  });
});

const process = (token: string, id: string) =>
  h.http('PATCH', `/api/v1/admin/withdrawals/${id}/process`, { token, body: { status: 'approved' } });

const withdraw = async (userId: string, amount: number) => {
  const res = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
    token: await h.userToken(userId),
    body: { amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.withdrawal._id as string;
};

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

/** Issue 30 item 2: four-eyes could be split into small credits and closed by the crediting admin himself. */
describe('four-eyes cannot be split', () => {
  it('applies the threshold to what one admin moved on one wallet today', async () => {
    const player = newId();
    // three credits of 400 each under the 500 threshold: the second already takes the day's sum above it
    const first = await adjust(h.adminToken, player, 400);
    expect(first.status).toBe(200);
    const second = await adjust(h.adminToken, player, 400);
    expect(second.status, JSON.stringify(second.body)).toBe(202);
    expect(second.body.msg).toMatch(/second admin/);
    expect((await adjust(h.adminToken, player, -400)).status).toBe(202);
    expect(await h.balance(player)).toBe(40_000);
    // another admin has a day of their own on this wallet
    const other = await makeOther();
    expect((await adjust(other.token, player, 400)).status).toBe(200);
    expect(await h.balance(player)).toBe(80_000);
  });

  it('counts adjustments sent at once together (no two slip under the threshold side by side)', async () => {
    const player = newId();
    const all = await Promise.all([1, 2, 3].map(() => adjust(h.adminToken, player, 300)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 202, 202]);
    expect(await h.balance(player)).toBe(30_000);
  });

  it("refuses the crediting admin's approval of a withdrawal paid by the credit; it takes two other admins", async () => {
    const player = newId();
    expect((await adjust(h.adminToken, player, 450)).status).toBe(200);
    const id = await withdraw(player, 450);
    const own = await process(h.adminToken, id);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(
      'You credited this account; another admin must approve a withdrawal paid from that credit.',
    );
    const second = await makeOther();
    const first = await process(second.token, id);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({
      msg: 'Your approval is recorded; a second admin must approve this withdrawal before it is paid.',
      withdrawal: { status: 'pending', firstApprovedBy: second.id },
    });
    const again = await process(second.token, id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('You already approved this withdrawal; a second admin must approve it.');
    const third = await makeOther();
    const done = await process(third.token, id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.withdrawal.status).toBe('approved');
    const payout = await h.db
      .selectFrom('transactions')
      .select(['actor_id', 'metadata'])
      .where('reference', '=', id)
      .where('type', '=', 'withdrawal_payout')
      .executeTakeFirstOrThrow();
    expect(payout.actor_id).toBe(third.id);
    expect(payout.metadata).toMatchObject({ firstApprovedBy: second.id });
  });

  it('needs two approvals above WITHDRAWAL_APPROVAL_THRESHOLD; one admin may approve below it', async () => {
    const player = newId();
    // funded by another admin's approved request: money the player won would do the same here
    const funder = await makeOther();
    for (const amount of [490, 490, 490, 490, 490, 490]) {
      const r = await adjust(funder.token, player, amount);
      if (r.status === 202)
        expect(
          (
            await h.http('POST', `/api/v1/admin/wallet/adjustments/${r.body.request._id}/approve`, {
              token: h.adminToken,
            })
          ).status,
        ).toBe(200);
    }
    expect(await h.balance(player)).toBe(294_000);
    // the credits fund it, so it waits for two admins even below the threshold
    const small = await withdraw(player, 10);
    const big = await withdraw(player, 2500);
    // funded by adjustments: the funder and the approving admin are both creditors
    expect((await process(h.adminToken, big)).status).toBe(403);
    const a = await makeOther();
    const b = await makeOther();
    expect((await process(a.token, big)).status).toBe(202);
    expect((await process(b.token, big)).status).toBe(200);
    // the credits paid out by an approved withdrawal no longer count: a small one is single-approval
    const later = await withdraw(player, 10);
    expect((await process(a.token, later)).status).toBe(200);
    expect((await process(a.token, small)).status).toBe(200);
  });
});
