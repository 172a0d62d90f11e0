import { newId } from '@bet/kit';
import { BetsSettled, BetsVoided, type EventData } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBetEventOnce, type MoneyEvent } from '../src/app/bet-events';
import { applyBetEventsTogether } from '../src/app/settle-together';
import type { AppContext } from '../src/context';
import { type Harness, startWallet } from './helpers';

/**
 * The settlement batch (group commit, app/settle-together.ts) must leave exactly the ledger
 * the one-event-at-a-time path leaves: the same scenario is played twice on fresh users, its
 * last step once as one batch and once event by event, and the two ledgers compared.
 */
let h: Harness;
let ctx: AppContext;
beforeAll(async () => {
  h = await startWallet();
  ctx = h.svc.ctx as AppContext;
  // the events each path records stay in the outbox to be compared: a relay would take them
  // (in the cluster mode a published row is deleted)
  await ctx.relay.stop();
});
afterAll(async () => h?.close());

const now = () => new Date().toISOString();
const settledEvent = (data: Partial<EventData<typeof BetsSettled>> & { betId: string; userId: string }) =>
  ({
    id: newId(),
    subject: BetsSettled.subject,
    version: 1,
    occurredAt: now(),
    data: { status: 'won', stakeCents: 1000, payoutCents: 0, settledAt: now(), ...data },
  }) as MoneyEvent;
const voidedEvent = (betId: string, userId: string, refundCents: number) =>
  ({
    id: newId(),
    subject: BetsVoided.subject,
    version: 1,
    occurredAt: now(),
    data: { betId, userId, refundCents, reason: 'Game cancelled: A vs B', voidedAt: now() },
  }) as MoneyEvent;

const ROLES = ['debtor', 'winner', 'loser', 'refunded'] as const;
type Roles = Record<(typeof ROLES)[number], string>;

/** Plays the scenario on fresh users; its last step (the results) applied by `apply`. */
async function scenario(apply: (events: MoneyEvent[]) => Promise<void>) {
  const u = Object.fromEntries(ROLES.map((r) => [r, newId()])) as Roles;
  const bets = Object.fromEntries(
    ['old', 'again', 'd1', 'd2', 'w1', 'w2', 'l1', 'never', 'r1', 'r0'].map((b) => [b, newId()]),
  );
  const one = (e: MoneyEvent) => applyBetEventOnce(ctx, 'test-setup', e);
  // the debtor owes 30.00: a win, staked again at once, then corrected to lost
  await h.fund(u.debtor, 10);
  await h.debit({ userId: u.debtor, amountCents: 1000, reference: bets.old, key: `bet:${bets.old}` });
  await one(settledEvent({ betId: bets.old, userId: u.debtor, payoutCents: 3000 }));
  await h.debit({ userId: u.debtor, amountCents: 3000, reference: bets.again, key: `bet:${bets.again}` });
  await one(
    settledEvent({
      betId: bets.old,
      userId: u.debtor,
      status: 'lost',
      adjustmentCents: -3000,
      correction: 1,
    }),
  );
  for (const r of ROLES) await h.fund(u[r], 20);
  const stake = (user: string, bet: string, cents: number) =>
    h.debit({ userId: user, amountCents: cents, reference: bet, key: `bet:${bet}` });
  await stake(u.debtor, bets.d1, 1000);
  await stake(u.winner, bets.w1, 500);
  await stake(u.winner, bets.w2, 500);
  await stake(u.loser, bets.l1, 700);
  await stake(u.refunded, bets.r1, 400);

  const events = [
    // the whole win repays debt (no wallet line), then the next repays the rest and pays 5.00
    settledEvent({ betId: bets.d1, userId: u.debtor, payoutCents: 2000 }),
    settledEvent({ betId: bets.d2, userId: u.debtor, payoutCents: 1500 }),
    settledEvent({ betId: bets.w1, userId: u.winner, payoutCents: 1200, stakeCents: 500 }),
    settledEvent({ betId: bets.w2, userId: u.winner, payoutCents: 800, stakeCents: 500 }),
    settledEvent({ betId: bets.l1, userId: u.loser, status: 'lost', stakeCents: 700 }),
    // a result for a bet whose stake the wallet never held: nothing to move
    settledEvent({ betId: bets.never, userId: u.loser, status: 'lost' }),
    voidedEvent(bets.r1, u.refunded, 400),
    voidedEvent(bets.r0, u.refunded, 0),
  ];
  await apply(events);
  // then corrections, together: won → lost takes 12.00 back from a wallet that holds it; lost →
  // won pays 14.00; the debtor's 20.00 that went to debt is taken back from 15.00 (5.00 owed
  // again), and a raised payout of 3.00 repays part of that
  const corrections = [
    settledEvent({ betId: bets.w1, userId: u.winner, status: 'lost', adjustmentCents: -1200, correction: 1 }),
    settledEvent({
      betId: bets.l1,
      userId: u.loser,
      payoutCents: 1400,
      adjustmentCents: 1400,
      correction: 1,
    }),
    settledEvent({ betId: bets.d1, userId: u.debtor, status: 'lost', adjustmentCents: -2000, correction: 1 }),
    settledEvent({
      betId: bets.d2,
      userId: u.debtor,
      payoutCents: 1800,
      adjustmentCents: 300,
      correction: 1,
    }),
    settledEvent({ betId: bets.w2, userId: u.winner, payoutCents: 800, adjustmentCents: 0, correction: 1 }),
  ];
  await apply(corrections);
  return { u, bets, events: [...events, ...corrections] };
}

/** The ledger of a scenario's users, with ids replaced by their roles. */
async function ledgerOf(u: Roles, bets: Record<string, string>) {
  const names = new Map<string, string>([
    ...Object.entries(u).map(([k, v]) => [v, k] as [string, string]),
    ...Object.entries(bets).map(([k, v]) => [v, `bet ${k}`] as [string, string]),
  ]);
  const name = (s: string) => {
    let out = s;
    for (const [id, n] of names) out = out.split(id).join(n);
    return out;
  };
  const ids = Object.values(u);
  const refs = Object.values(bets);
  const { rows: txs } = await sql<any>`
    select t.id, t.idempotency_key, t.type, t.user_id, t.reference, t.description, t.fingerprint, t.metadata
    from transactions t where t.reference in (${sql.join(refs)}) order by t.idempotency_key`.execute(h.db);
  const { rows: posts } = await sql<any>`
    select p.transaction_id, p.account_id, p.amount, p.balance_after from postings p
    where p.transaction_id in (select id from transactions where reference in (${sql.join(refs)}))
    order by p.account_id`.execute(h.db);
  const { rows: events } = await sql<any>`
    select data from outbox where subject = 'wallet.transaction_posted'
      and data->>'userId' in (${sql.join(ids)})`.execute(h.db);
  const balances = await Promise.all(ids.map((id) => h.balance(id)));
  const debts = await h.reconcile();
  return {
    balances,
    debts: ((debts as any).debts ?? [])
      .filter((d: any) => ids.includes(d.userId))
      .map((d: any) => ({ ...d, userId: name(d.userId) })),
    transactions: txs
      .map((t: any) => ({
        key: name(t.idempotency_key),
        type: t.type,
        user: t.user_id && name(t.user_id),
        reference: name(t.reference),
        description: name(t.description),
        fingerprint: name(t.fingerprint),
        metadata: JSON.parse(name(JSON.stringify(t.metadata))),
        postings: posts
          .filter((p: any) => p.transaction_id === t.id)
          .map((p: any) => ({
            account: name(p.account_id),
            amount: Number(p.amount),
            after: p.balance_after,
          })),
      }))
      .sort((a: any, b: any) => a.key.localeCompare(b.key)),
    events: events
      .map((e: any) => {
        const d = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
        const { transactionId: _t, createdAt: _c, ...rest } = d;
        return JSON.parse(name(JSON.stringify(rest)));
      })
      .sort((a: any, b: any) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

describe('settling bets together', () => {
  it('writes exactly the ledger that one event at a time writes', async () => {
    const batch = await scenario((events) => applyBetEventsTogether(ctx, 'test-together', events));
    const single = await scenario(async (events) => {
      for (const e of events) await applyBetEventOnce(ctx, 'test-one', e);
    });
    const a = await ledgerOf(batch.u, batch.bets);
    const b = await ledgerOf(single.u, single.bets);
    expect(a).toEqual(b);
    // and the figures are the expected ones: the debtor kept nothing and owes 2.00, the winner
    // got 8.00 for 10.00 staked, the loser's 7.00 became 14.00, the refund came back
    expect(a.balances).toEqual([0, 2000 - 1000 + 800, 2000 - 700 + 1400, 2000]);
    expect(a.debts).toEqual([{ userId: 'debtor', amountCents: 200 }]);
    expect(a.transactions.find((t: any) => t.key === 'win:bet d1')).toMatchObject({ user: null });
    expect(a.transactions.some((t: any) => t.key === 'lost:bet never')).toBe(false);
    expect((await h.reconcile()).ok).toBe(true);
  });

  it('applies a batch once, however often it is delivered, and keeps the first figures of a key', async () => {
    const { u, bets, events } = await scenario((events) => applyBetEventsTogether(ctx, 'test-again', events));
    const before = await ledgerOf(u, bets);
    // the same deliveries again, and the same movements under new event ids
    await applyBetEventsTogether(ctx, 'test-again', events);
    await applyBetEventsTogether(
      ctx,
      'test-again',
      events.map((e) => ({ ...e, id: newId() })),
    );
    // a second result for a paid bet with other figures contradicts its key: not applied
    await applyBetEventsTogether(ctx, 'test-again', [
      settledEvent({ betId: bets.w1, userId: u.winner, payoutCents: 99_999, stakeCents: 500 }),
    ]);
    expect(await ledgerOf(u, bets)).toEqual(before);
    expect((await h.reconcile()).ok).toBe(true);
  });

  it('leaves a correction that came before its result to be redelivered, and applies it after', async () => {
    const u = newId();
    const bet = newId();
    await h.fund(u, 10);
    await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });
    const early = settledEvent({
      betId: bet,
      userId: u,
      status: 'lost',
      adjustmentCents: -3000,
      correction: 1,
    });
    await expect(applyBetEventsTogether(ctx, 'test-early', [early])).rejects.toThrow(/before its result/);
    await applyBetEventsTogether(ctx, 'test-early', [
      settledEvent({ betId: bet, userId: u, payoutCents: 3000 }),
    ]);
    expect(await h.balance(u)).toBe(3000);
    await applyBetEventsTogether(ctx, 'test-early', [early]);
    expect(await h.balance(u)).toBe(0);
  });

  it('goes one at a time for a bet with two events in the batch, in their order', async () => {
    const u = newId();
    const bet = newId();
    await h.fund(u, 10);
    await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });
    // won 30.00, corrected to lost in the same batch: paid, then all of it taken back
    await applyBetEventsTogether(ctx, 'test-order', [
      settledEvent({ betId: bet, userId: u, payoutCents: 3000 }),
      settledEvent({ betId: bet, userId: u, status: 'lost', adjustmentCents: -3000, correction: 1 }),
    ]);
    expect(await h.balance(u)).toBe(0);
    const report = await h.reconcile();
    expect(report.ok).toBe(true);
    expect(((report as any).debts ?? []).some((d: any) => d.userId === u)).toBe(false);
  });

  it("pays a won multi's accumulator bonus as its own line from promotions, once, beside its win (issue 33)", async () => {
    const user = newId();
    const [bet, other] = [newId(), newId()];
    await h.fund(user, 20);
    await h.debit({ userId: user, amountCents: 1000, reference: bet, key: `bet:${bet}` });
    await h.debit({ userId: user, amountCents: 500, reference: other, key: `bet:${other}` });
    const withBonus = settledEvent({ betId: bet, userId: user, payoutCents: 8350, accaBonusCents: 350 });
    const plain = settledEvent({ betId: other, userId: user, payoutCents: 1000 });
    await applyBetEventsTogether(ctx, 'test-acca', [withBonus, plain]);
    await applyBetEventsTogether(ctx, 'test-acca', [withBonus]); // redelivered
    const rows = await ctx.db
      .selectFrom('postings as p')
      .innerJoin('transactions as t', 't.id', 'p.transaction_id')
      .select(['t.type', 't.idempotency_key', 'p.account_id', 'p.amount'])
      .where('t.reference', '=', bet)
      .orderBy('p.seq')
      .execute();
    expect(
      rows.map((r: any) => [
        r.type,
        r.idempotency_key.split(':')[0],
        r.account_id.replace(user, 'U'),
        Number(r.amount),
      ]),
    ).toEqual([
      ['bet', 'bet', 'U', -1000],
      ['bet', 'bet', 'bets_in_play', 1000],
      ['win', 'win', 'U', 7000 + 1000],
      ['win', 'win', 'bets_in_play', -1000],
      ['win', 'win', 'house', -7000],
      ['acca_bonus', 'acca_bonus', 'promotions', -350],
      ['acca_bonus', 'acca_bonus', 'U', 350],
    ]);
    expect((await h.reconcile()).ok).toBe(true);
  });
});
