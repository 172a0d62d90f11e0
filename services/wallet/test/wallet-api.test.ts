import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import {
  validate,
  WALLET_TX_TYPES,
  WalletBalance,
  WalletTransactionPosted,
  WalletWithdrawalProcessed,
  WalletWithdrawalRequested,
} from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

let h: Harness;
const events: Array<{ subject: string; data: any }> = [];

beforeAll(async () => {
  h = await startWallet();
  await h.infra.bus.consume({
    durable: 'test-watch',
    subjects: ['wallet.*'],
    handler: async (e) => {
      events.push({ subject: e.subject, data: e.data });
    },
  });
});
afterAll(async () => h?.close());

async function player() {
  const id = newId();
  return { id, token: await h.userToken(id) };
}

describe('player wallet', () => {
  it('starts at zero and shows every movement with its running balance, newest first', async () => {
    const u = await player();
    expect((await h.http('GET', '/api/v1/wallet', { token: u.token })).body).toEqual({
      walletBalance: 0,
      currency: 'USD',
      debt: 0,
      bonusBalance: 0,
    });
    await h.fund(u.id, 50);
    const bet = newId();
    expect(await h.debit({ userId: u.id, amountCents: 1250, reference: bet })).toMatchObject({
      ok: true,
      balanceCents: 3750,
    });
    expect(
      await h.credit({ userId: u.id, amountCents: 2625, reference: bet, key: `win:${bet}` }),
    ).toMatchObject({
      ok: true,
      balanceCents: 6375,
    });

    expect((await h.http('GET', '/api/v1/wallet', { token: u.token })).body).toEqual({
      walletBalance: 63.75,
      currency: 'USD',
      debt: 0,
      bonusBalance: 0,
    });
    const list = await h.http('GET', '/api/v1/wallet/transactions', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.currentPage).toBe(1);
    expect(list.body.totalPages).toBe(1);
    expect(list.body.transactions.map((t: any) => [t.kind, t.amount, t.balanceAfter])).toEqual([
      ['win', 26.25, 63.75],
      ['bet', -12.5, 37.5],
      ['adjustment', 50, 50],
    ]);
    for (const t of list.body.transactions) {
      // beyond the spec's four words only `kind` says more
      expect(['bet', 'win', 'topup', 'withdrawal']).toContain(t.type);
      expect(t._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Date.parse(t.createdAt)).not.toBeNaN();
      expect(typeof t.description).toBe('string');
    }
  });

  it('summarises top-ups, winnings and stakes', async () => {
    const u = await player();
    await h.fund(u.id, 100);
    const b1 = newId();
    const b2 = newId();
    await h.debit({ userId: u.id, amountCents: 1000, reference: b1 });
    await h.debit({
      userId: u.id,
      amountCents: 500,
      reference: b2,
      type: 'aviator_bet',
      key: `aviator_bet:${b2}`,
    });
    await h.credit({ userId: u.id, amountCents: 1800, reference: b1, key: `win:${b1}` });
    const s = await h.http('GET', '/api/v1/wallet/summary', { token: u.token });
    expect(s.body).toEqual({
      currentWalletBalance: 103,
      // admin adjustments are not top-ups: only card deposits are
      totalTopUps: { amount: 0, count: 0 },
      totalWinnings: { amount: 18, count: 1 },
      totalBetsPlaced: { amount: 15, count: 2 },
    });
  });

  it('pages and filters by type and date', async () => {
    const u = await player();
    await h.fund(u.id, 100);
    for (let i = 0; i < 5; i++) await h.debit({ userId: u.id, amountCents: 100 });
    const p1 = await h.http('GET', '/api/v1/wallet/transactions?page=1&limit=2', { token: u.token });
    expect(p1.body.transactions).toHaveLength(2);
    expect(p1.body.totalPages).toBe(3);
    const p3 = await h.http('GET', '/api/v1/wallet/transactions?page=3&limit=2', { token: u.token });
    // the opening adjustment credits: the spec's type is topup, the ledger's kind adjustment
    expect(p3.body.transactions.map((t: any) => [t.type, t.kind, t.adjustment])).toEqual([
      ['bet', 'bet', false],
      ['topup', 'adjustment', true],
    ]);
    const p2 = await h.http('GET', '/api/v1/wallet/transactions?page=2&limit=2', { token: u.token });
    const ids = [p1, p2, p3].flatMap((p) => p.body.transactions.map((t: any) => t._id));
    expect(new Set(ids).size).toBe(6);
    const bets = await h.http('GET', '/api/v1/wallet/transactions?type=bet&limit=50', { token: u.token });
    expect(bets.body.transactions).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await h.http(
      'GET',
      `/api/v1/wallet/transactions?startDate=${today}&endDate=${today}&type=`,
      { token: u.token },
    );
    expect(dated.body.transactions).toHaveLength(6);
    const past = await h.http('GET', '/api/v1/wallet/transactions?endDate=2020-01-01', { token: u.token });
    expect(past.body.transactions).toHaveLength(0);
    const bad = await h.http('GET', '/api/v1/wallet/transactions?startDate=yesterday', { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: 'startDate', location: 'query' });
    expect((await h.http('GET', '/api/v1/wallet/transactions?type=lottery', { token: u.token })).status).toBe(
      400,
    );
  });

  it("never shows another user's money", async () => {
    const a = await player();
    const b = await player();
    await h.fund(a.id, 20);
    expect((await h.http('GET', '/api/v1/wallet', { token: b.token })).body).toEqual({
      walletBalance: 0,
      currency: 'USD',
      debt: 0,
      bonusBalance: 0,
    });
    expect(
      (await h.http('GET', '/api/v1/wallet/transactions', { token: b.token })).body.transactions,
    ).toEqual([]);
    // the only way to name another user is an admin route
    expect((await h.http('GET', `/api/v1/admin/users/${a.id}/transactions`, { token: b.token })).status).toBe(
      403,
    );
    expect((await h.http('GET', '/api/v1/wallet')).status).toBe(401);
  });
});

describe('withdrawals', () => {
  it('holds the amount at once, and an approval pays it out once', async () => {
    const u = await player();
    await h.fund(u.id, 30);
    const req = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
      token: u.token,
      body: { amount: 20.5 },
    });
    expect(req.status).toBe(201);
    expect(req.body.msg).toBe('Withdrawal request submitted successfully!');
    const w = req.body.withdrawal;
    expect(w).toMatchObject({
      amount: 20.5,
      status: 'pending',
      adminNotes: null,
      user: { _id: u.id, walletBalance: 9.5 },
    });
    // held: it cannot be staked away while pending
    expect(await h.debit({ userId: u.id, amountCents: 1000 })).toMatchObject({
      ok: false,
      reason: 'insufficient_funds',
      balanceCents: 950,
    });
    // identity asks this before closing an account: held money still belongs to the user
    expect(await h.infra.bus.request(WalletBalance.subject, { userId: u.id })).toEqual({
      userId: u.id,
      balanceCents: 950,
      pendingWithdrawalCents: 2050,
    });

    const pending = await h.http('GET', '/api/v1/admin/withdrawals', { token: h.adminToken });
    // a bare array: the spec's screen maps over the answer
    expect(Array.isArray(pending.body)).toBe(true);
    expect(pending.body.map((x: any) => x._id)).toContain(w._id);
    expect(pending.body.find((x: any) => x._id === w._id)).toMatchObject({
      user: { walletBalance: 9.5 },
      amount: 20.5,
      status: 'pending',
      adminNotes: null,
    });

    // the money came from an admin's credit (h.fund): two other admins approve it (issue 30)
    const own = await h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, {
      token: h.adminToken,
      body: { status: 'approved' },
    });
    expect(own.status).toBe(403);
    const first = await h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, {
      token: await h.infra.token({ id: newId(), role: 'admin', username: 'first' }),
      body: { status: 'approved' },
    });
    expect(first.status).toBe(202);
    const approverId = newId();
    const ok = await h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, {
      token: await h.infra.token({ id: approverId, role: 'admin', username: 'approver' }),
      body: { status: 'approved' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      msg: 'Withdrawal approved.',
      withdrawal: { _id: w._id, status: 'approved', adminNotes: 'Request approved by admin.' },
    });
    const history = await h.http('GET', '/api/v1/wallet/transactions?type=withdrawal', { token: u.token });
    expect(history.body.transactions.map((t: any) => t.withdrawalStatus)).toEqual(['approved']);
    const again = await h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, {
      token: h.adminToken,
      body: { action: 'rejected' },
    });
    expect(again.status).toBe(409);
    expect(await h.balance(u.id)).toBe(950);
    const paid = await h.db
      .selectFrom('withdrawals')
      .select(['payout_status', 'payout_reference'])
      .where('id', '=', w._id)
      .executeTakeFirst();
    expect(paid).toEqual({ payout_status: 'paid', payout_reference: `sbx_payout_${w._id}` });
    const approved = await h.http('GET', '/api/v1/admin/withdrawals?status=approved', {
      token: h.adminToken,
    });
    expect(approved.body.find((x: any) => x._id === w._id)).toMatchObject({
      status: 'approved',
      amount: 20.5,
    });

    await eventually(() =>
      events.some((e) => e.subject === 'wallet.withdrawal_processed' && e.data.withdrawalId === w._id),
    );
    const requested = events.find(
      (e) => e.subject === 'wallet.withdrawal_requested' && e.data.withdrawalId === w._id,
    )!;
    expect(validate(WalletWithdrawalRequested.schema, requested.data)).toEqual([]);
    expect(requested.data).toEqual({ withdrawalId: w._id, userId: u.id, amountCents: 2050 });
    const processed = events.find(
      (e) => e.subject === 'wallet.withdrawal_processed' && e.data.withdrawalId === w._id,
    )!;
    expect(validate(WalletWithdrawalProcessed.schema, processed.data)).toEqual([]);
    expect(processed.data).toMatchObject({ status: 'approved', processedBy: approverId, userId: u.id });
  });

  it('a rejection returns the held money with the note, in the other request reading', async () => {
    const u = await player();
    await h.fund(u.id, 10);
    const w = (
      await h.http('POST', '/api/v1/wallet/request-withdrawal', { token: u.token, body: { amount: 10 } })
    ).body.withdrawal;
    expect(await h.balance(u.id)).toBe(0);
    const before = await h.http('GET', '/api/v1/wallet/transactions', { token: u.token });
    expect(before.body.transactions[0]).toMatchObject({ kind: 'withdrawal', withdrawalStatus: 'pending' });
    const res = await h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, {
      token: h.adminToken,
      body: { action: 'rejected', note: 'Bank details do not match' },
    });
    expect(res.body).toMatchObject({
      msg: 'Withdrawal rejected.',
      withdrawal: { status: 'rejected', adminNotes: 'Bank details do not match' },
    });
    expect(await h.balance(u.id)).toBe(1000);
    const list = await h.http('GET', '/api/v1/wallet/transactions', { token: u.token });
    expect(
      list.body.transactions
        .slice(0, 2)
        .map((t: any) => [t.kind, t.amount, t.balanceAfter, t.withdrawalStatus]),
    ).toEqual([
      // the request's line now says how it ended; other lines carry no status
      ['withdrawal_reversal', 10, 10, undefined],
      ['withdrawal', -10, 0, 'rejected'],
    ]);
  });

  it('two admins deciding at once: exactly one decision wins', async () => {
    const u = await player();
    await h.fund(u.id, 10);
    const w = (
      await h.http('POST', '/api/v1/wallet/request-withdrawal', { token: u.token, body: { amount: 7 } })
    ).body.withdrawal;
    // paid by an admin credit: a first approval by another admin, then the deciding ones
    const first = await h.infra.token({ id: newId(), role: 'admin', username: 'first' });
    const second = await h.infra.token({ id: newId(), role: 'admin', username: 'second' });
    const decide = (token: string, status: string) =>
      h.http('PATCH', `/api/v1/admin/withdrawals/${w._id}/process`, { token, body: { status } });
    expect((await decide(first, 'approved')).status).toBe(202);
    const results = await Promise.all(
      ['approved', 'rejected', 'approved', 'rejected'].map((status) => decide(second, status)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const balance = await h.balance(u.id);
    const winner = results.find((r) => r.status === 200)!.body.withdrawal.status;
    expect(balance).toBe(winner === 'approved' ? 300 : 1000);
  });

  it('an Idempotency-Key makes a double-submitted request one request', async () => {
    const u = await player();
    await h.fund(u.id, 10);
    const send = () =>
      h.http('POST', '/api/v1/wallet/request-withdrawal', {
        token: u.token,
        body: { amount: 4 },
        headers: { 'idempotency-key': 'form-1' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.withdrawal._id).toBe(b.body.withdrawal._id);
    expect(await h.balance(u.id)).toBe(600);
  });

  it('refuses bad amounts and an amount above the balance, writing nothing', async () => {
    const u = await player();
    await h.fund(u.id, 5);
    const before = await countRows(h.db, 'transactions');
    for (const amount of [0, -3, 'abc', 1.234, true, null, 5.01]) {
      const res = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
        token: u.token,
        body: { amount },
      });
      expect(res.status, JSON.stringify(amount)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(amount)).toBeLessThan(500);
      expect(typeof res.body.msg).toBe('string');
    }
    const over = await h.http('POST', '/api/v1/wallet/request-withdrawal', {
      token: u.token,
      body: { amount: 5.01 },
    });
    expect(over).toMatchObject({ status: 422, body: { msg: 'Insufficient balance for this withdrawal.' } });
    expect(
      (await h.http('POST', '/api/v1/wallet/request-withdrawal', { token: u.token, body: {} })).status,
    ).toBe(400);
    expect(
      (
        await h.http('POST', '/api/v1/wallet/request-withdrawal', {
          token: u.token,
          body: { amount: 1, extra: 1 },
        })
      ).status,
    ).toBe(400);
    expect(await countRows(h.db, 'transactions')).toBe(before);
    expect(await h.balance(u.id)).toBe(500);
  });
});

describe('admin', () => {
  it('adjusts a wallet both ways, audited with the admin id, never below zero', async () => {
    const u = await player();
    const up = await h.http('PATCH', `/api/v1/admin/users/${u.id}/wallet`, {
      token: h.adminToken,
      body: { amount: 12.34, description: 'Goodwill' },
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      msg: 'Wallet adjusted successfully!',
      walletBalance: 12.34,
      transaction: { type: 'topup', kind: 'adjustment', adjustment: true, amount: 12.34 },
    });
    const down = await h.http('PATCH', `/api/v1/admin/users/${u.id}/wallet`, {
      token: h.adminToken,
      body: { amount: -2.34, description: 'Correction' },
    });
    expect(down.body.walletBalance).toBe(10);
    expect(down.body.transaction).toMatchObject({ type: 'withdrawal', adjustment: true, amount: -2.34 });
    const tooMuch = await h.http('PATCH', `/api/v1/admin/users/${u.id}/wallet`, {
      token: h.adminToken,
      body: { amount: -10.01, description: 'Too much' },
    });
    expect(tooMuch.status).toBe(422);
    expect(await h.balance(u.id)).toBe(1000);
    const audit = await h.db
      .selectFrom('transactions')
      .select(['actor_id', 'description'])
      .where('user_id', '=', u.id)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { actor_id: h.adminId, description: 'Goodwill' },
      { actor_id: h.adminId, description: 'Correction' },
    ]);
  });

  it('refuses adjustments without amount or description, or with a zero amount', async () => {
    const u = await player();
    const url = `/api/v1/admin/users/${u.id}/wallet`;
    const missing = await h.http('PATCH', url, { token: h.adminToken, body: { amount: 5 } });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Amount and description are required.' } });
    expect((await h.http('PATCH', url, { token: h.adminToken, body: { description: 'x' } })).body.msg).toBe(
      'Amount and description are required.',
    );
    expect(
      (await h.http('PATCH', url, { token: h.adminToken, body: { amount: 5, description: '  ' } })).status,
    ).toBe(400);
    expect(
      (await h.http('PATCH', url, { token: h.adminToken, body: { amount: 0, description: 'zero' } })).status,
    ).toBe(400);
    expect(
      (await h.http('PATCH', url, { token: h.adminToken, body: { amount: 'ten', description: 'x' } })).status,
    ).toBe(400);
    expect(
      (
        await h.http('PATCH', '/api/v1/admin/users/not-an-id/wallet', {
          token: h.adminToken,
          body: { amount: 1, description: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(await h.balance(u.id)).toBe(0);
  });

  it('keeps players off every admin route', async () => {
    const u = await player();
    const w = newId();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/admin/withdrawals'],
      ['PATCH', `/api/v1/admin/withdrawals/${w}/process`, { status: 'approved' }],
      ['PATCH', `/api/v1/admin/users/${u.id}/wallet`, { amount: 100, description: 'free money' }],
      ['GET', `/api/v1/admin/users/${u.id}/transactions`],
      ['GET', '/api/v1/admin/wallet/reconcile'],
      ['POST', '/api/v1/admin/wallet/reconcile'],
    ];
    for (const [method, url, body] of calls) {
      expect((await h.http(method, url, { token: u.token, body })).status, url).toBe(403);
      expect((await h.http(method, url, { body })).status, url).toBe(401);
    }
    expect(await h.balance(u.id)).toBe(0);
  });

  it("lists a user's transactions with the filter words, sort order and balance", async () => {
    const u = await player();
    await h.fund(u.id, 40);
    const bet = newId();
    await h.debit({ userId: u.id, amountCents: 1000, reference: bet });
    await h.credit({ userId: u.id, amountCents: 1000, reference: bet, key: `refund:${bet}`, type: 'refund' });
    await h.http('POST', '/api/v1/wallet/request-withdrawal', { token: u.token, body: { amount: 5 } });
    const get = (q: string) =>
      h.http('GET', `/api/v1/admin/users/${u.id}/transactions?${q}`, { token: h.adminToken });
    const kinds = async (q: string) =>
      (await get(q)).body.transactions.map((t: any) => `${t.type}/${t.kind}`);
    expect(await kinds('txType=bet')).toEqual(['bet/refund', 'bet/bet']);
    expect(await kinds('txType=withdrawal')).toEqual(['withdrawal/withdrawal']);
    expect(await kinds('txType=win')).toEqual([]);
    // the credit adjustment that funded the wallet is a top-up
    expect(await kinds('txType=topup')).toEqual(['topup/adjustment']);
    expect(await kinds('sortBy=createdAt&order=asc')).toEqual([
      'topup/adjustment',
      'bet/bet',
      'bet/refund',
      'withdrawal/withdrawal',
    ]);
    // a debit adjustment is a withdrawal, found by that filter and by its own name
    await h.http('PATCH', `/api/v1/admin/users/${u.id}/wallet`, {
      token: h.adminToken,
      body: { amount: -1, description: 'Fee' },
    });
    expect(await kinds('txType=withdrawal')).toEqual(['withdrawal/adjustment', 'withdrawal/withdrawal']);
    expect(await kinds('txType=adjustment')).toEqual(['withdrawal/adjustment', 'topup/adjustment']);
    expect(await kinds('txType=topup')).toEqual(['topup/adjustment']);
    const asc = await get('sortBy=createdAt&order=asc');
    expect(asc.body.walletBalance).toBe(34);
    expect((await get('txType=jackpot')).status).toBe(400);
    // every type of the ledger's one vocabulary is a filter word (acca_bonus was left out of a copy)
    for (const type of WALLET_TX_TYPES) expect((await get(`txType=${type}`)).status, type).toBe(200);
  });

  it('shows the user read model on withdrawals', async () => {
    const u = await player();
    await h.publish('user.registered', {
      userId: u.id,
      username: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      role: 'user',
      createdAt: new Date().toISOString(),
    });
    await eventually(
      async () =>
        (await h.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()) !== undefined,
    );
    await h.fund(u.id, 3);
    const w = (
      await h.http('POST', '/api/v1/wallet/request-withdrawal', { token: u.token, body: { amount: 1 } })
    ).body.withdrawal;
    expect(w.user).toEqual({
      _id: u.id,
      username: 'ada',
      email: 'ada@example.com',
      walletBalance: 2,
      debt: 0,
    });
  });
});

it('announces every wallet movement with the catalogue payload', async () => {
  const u = await player();
  await h.fund(u.id, 8);
  await eventually(() =>
    events.find((e) => e.subject === 'wallet.transaction_posted' && e.data.userId === u.id),
  );
  const posted = events.find((e) => e.subject === 'wallet.transaction_posted' && e.data.userId === u.id)!;
  expect(validate(WalletTransactionPosted.schema, posted.data)).toEqual([]);
  expect(posted.data).toMatchObject({ type: 'adjustment', amountCents: 800, balanceAfterCents: 800 });
});

it('leaves a ledger that reconciles', async () => {
  const report = await h.reconcile();
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  expect(report.ok).toBe(true);
});
