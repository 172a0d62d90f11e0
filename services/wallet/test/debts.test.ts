import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

/**
 * A correction's clawback the wallet could not cover leaves a debt (issue 13 item 11): the
 * player sees it, the withdrawal queue flags it, the reconciliation lists it, withdrawals wait
 * for it, and the next winnings repay it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startWallet();
});
afterAll(async () => h?.close());

const now = () => new Date().toISOString();
const settled = (betId: string, userId: string, extra: Record<string, unknown>) => ({
  betId,
  userId,
  status: 'won',
  stakeCents: 1000,
  settledAt: now(),
  ...extra,
});

describe('a debt left by a correction', () => {
  it('is shown, flagged, reconciled, holds withdrawals, and is repaid from the next win', async () => {
    const u = newId();
    const token = await h.userToken(u);
    await h.fund(u, 10);
    const bet1 = newId();
    await h.debit({ userId: u, amountCents: 1000, reference: bet1, key: `bet:${bet1}` });
    await h.publish('bets.settled', settled(bet1, u, { payoutCents: 3000 }));
    await eventually(async () => (await h.balance(u)) === 3000);
    // the winnings are staked again at once, and 5.00 waits in the withdrawal queue
    const bet2 = newId();
    await h.debit({ userId: u, amountCents: 3000, reference: bet2, key: `bet:${bet2}` });
    await h.fund(u, 5);
    const queued = await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 5 } });
    expect(queued.status, JSON.stringify(queued.body)).toBeLessThan(300);

    // the result was wrong: bet 1 lost; the wallet is empty, so all 30.00 is owed
    await h.publish(
      'bets.settled',
      settled(bet1, u, { status: 'lost', payoutCents: 0, adjustmentCents: -3000, correction: 1 }),
    );
    await eventually(async () => (await h.http('GET', '/api/v1/wallet', { token })).body.debt === 30, 10_000);
    expect((await h.http('GET', '/api/v1/wallet', { token })).body).toEqual({
      walletBalance: 0,
      currency: 'USD',
      debt: 30,
      bonusBalance: 0,
    });
    expect((await h.http('GET', '/api/v1/wallet/transactions', { token })).body.debt).toBe(30);

    const queue = (await h.http('GET', '/api/v1/admin/withdrawals?status=pending', { token: h.adminToken }))
      .body;
    const rows = Array.isArray(queue) ? queue : queue.withdrawals;
    const mine = rows.find((w: any) => w.user._id === u);
    expect(mine).toMatchObject({ debtOpen: true, user: { debt: 30 } });

    const report = await h.reconcile();
    expect(report.ok).toBe(true);
    expect((report as any).debts).toContainEqual({ userId: u, amountCents: 3000 });

    // issue 30 item 5: an admin cannot let the queued withdrawal out while the debt is open
    const second = await h.infra.token({ id: newId(), role: 'admin', username: 'second' });
    const third = await h.infra.token({ id: newId(), role: 'admin', username: 'third' });
    const approve = (token: string) =>
      h.http('PATCH', `/api/v1/admin/withdrawals/${queued.body.withdrawal._id}/process`, {
        token,
        body: { status: 'approved' },
      });
    const refused = await approve(second);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'This player owes $30.00 from a corrected bet result; the withdrawal cannot be approved until it is repaid.',
    );
    expect(await h.balance(u)).toBe(0);

    await h.fund(u, 5);
    const held = await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 5 } });
    expect(held.status).toBe(422);
    expect(held.body.msg).toMatch(/You owe \$30\.00 from a corrected bet result/);

    // bet 2 wins 50.00: 30.00 repays the debt, 20.00 reaches the wallet
    await h.publish('bets.settled', settled(bet2, u, { stakeCents: 3000, payoutCents: 5000 }));
    await eventually(async () => (await h.balance(u)) === 2500, 10_000);
    expect((await h.http('GET', '/api/v1/wallet', { token })).body).toEqual({
      walletBalance: 25,
      currency: 'USD',
      debt: 0,
      bonusBalance: 0,
    });
    const free = await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 5 } });
    expect(free.status, JSON.stringify(free.body)).toBeLessThan(300);
    // repaid: the queued withdrawal may go (admin credits paid for it: two admins other than the funder)
    expect((await approve(second)).status).toBe(202);
    const approved = await approve(third);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = await h.reconcile();
    expect(after.ok).toBe(true);
    expect((after as any).debts.find((d: any) => d.userId === u)).toBeUndefined();
  });
});
