import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet({ kind: 'embedded' });
});
afterAll(async () => h?.close());

/** The embedded mode (PGlite, in-memory bus) keeps the same money rules. */
it('embedded: stakes, refusals, deposits, withdrawals and settlement on PGlite and the in-memory bus', async () => {
  const u = newId();
  const token = await h.userToken(u);
  await h.fund(u, 5);

  // the CHECK constraint answers insufficient funds on PGlite too
  const replies = await Promise.all(
    Array.from({ length: 30 }, () => h.debit({ userId: u, amountCents: 25 })),
  );
  expect(replies.filter((r) => r.ok)).toHaveLength(20);
  expect(replies.filter((r) => !r.ok && r.reason === 'insufficient_funds')).toHaveLength(10);
  expect(await h.balance(u)).toBe(0);

  const init = await h.http('POST', '/api/v1/wallet/deposit/initialize', { token, body: { amount: 15_000 } });
  const paid = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${init.body.reference}/pay`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(paid.status).toBe(200);
  expect(await h.balance(u)).toBe(1000);

  const bet = newId();
  await h.debit({ userId: u, amountCents: 400, reference: bet, key: `bet:${bet}` });
  await h.publish('bets.settled', {
    betId: bet,
    userId: u,
    status: 'won',
    stakeCents: 400,
    payoutCents: 1000,
    settledAt: new Date().toISOString(),
  });
  await eventually(async () => (await h.balance(u)) === 1600);

  const w = await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 16.01 } });
  expect(w.status).toBe(422);
  const ok = await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 16 } });
  expect(ok.status).toBe(201);
  const decided = await h.http('PATCH', `/api/v1/admin/withdrawals/${ok.body.withdrawal._id}/process`, {
    token: h.adminToken,
    body: { status: 'rejected', adminNotes: 'try again' },
  });
  expect(decided.body.msg).toBe('Withdrawal rejected.');
  expect((await h.http('GET', '/api/v1/wallet', { token })).body).toEqual({
    walletBalance: 16,
    currency: 'USD',
    debt: 0,
    bonusBalance: 0,
  });

  const report = await h.reconcile();
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
});
