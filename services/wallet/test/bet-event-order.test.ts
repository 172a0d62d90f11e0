import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet();
});
afterAll(async () => h?.close());

const now = () => new Date().toISOString();
const keyCount = (key: string) => countRows(h.db, 'transactions', sql`idempotency_key = ${key}`);

describe('bets consumer handling several events at once', () => {
  it('applies a correction only after the settlement it corrects, even when that settlement is slow', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = newId();
    const staked = await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });
    expect(staked).toMatchObject({ ok: true, balanceCents: 0 });

    // hold the bet's stake row so the win stalls mid-transaction while the correction arrives
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const blocker = h.db.transaction().execute(async (trx) => {
      await sql`select amount from holds where reference = ${bet} and user_id = ${u} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;

    await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'won',
      stakeCents: 1000,
      payoutCents: 3000,
      settledAt: now(),
    });
    await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'lost',
      stakeCents: 1000,
      payoutCents: 0,
      adjustmentCents: -3000,
      correction: 1,
      settledAt: now(),
    });
    try {
      // give the correction every chance to run ahead of the stalled win: the consumer has
      // received it and moved on past it (in the other lane; this user's lane is stalled)
      await h.caughtUp(u);
    } finally {
      release();
      await blocker;
    }

    await eventually(
      async () => (await keyCount(`win:${bet}`)) === 1 && (await keyCount(`settle:${bet}:1`)) === 1,
    );
    // in order: paid 30.00, then all of it taken back; no debt booked for money the wallet had
    expect(await h.balance(u)).toBe(0);
    const { rows } = await sql<{ s: string | null }>`
      select sum(p.amount) as s from postings p join transactions t on t.id = p.transaction_id
      where p.account_id = 'house_receivable' and t.idempotency_key = ${`settle:${bet}:1`}`.execute(h.db);
    expect(Number(rows[0].s ?? 0)).toBe(0);
  });
});

describe('settlement events of one bet in any order (two replicas, a redelivery)', () => {
  const settled = (bet: string, u: string, extra: Record<string, unknown> = {}) => ({
    betId: bet,
    userId: u,
    status: 'won',
    stakeCents: 1000,
    payoutCents: 3000,
    settledAt: now(),
    ...extra,
  });

  it('holds a correction back until the result it corrects is applied, then applies both in order', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = newId();
    await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });

    // the correction (won → lost, take back 30.00) is delivered first, alone
    await h.publish(
      'bets.settled',
      settled(bet, u, { status: 'lost', payoutCents: 0, adjustmentCents: -3000, correction: 1 }),
    );
    await h.caughtUp();
    expect(await keyCount(`settle:${bet}:1`)).toBe(0);
    expect(await h.balance(u)).toBe(0);

    await h.publish('bets.settled', settled(bet, u));
    await eventually(async () => (await keyCount(`settle:${bet}:1`)) === 1, 20_000);
    expect(await keyCount(`win:${bet}`)).toBe(1);
    // paid 30.00 and all of it taken back: no win kept, no debt booked
    expect(await h.balance(u)).toBe(0);
    const { rows } = await sql<{ s: string | null }>`
      select sum(p.amount) as s from postings p join transactions t on t.id = p.transaction_id
      where p.account_id = 'house_receivable' and t.reference = ${bet}`.execute(h.db);
    expect(Number(rows[0].s ?? 0)).toBe(0);
  });

  it('applies a second correction only after the first', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = newId();
    await h.debit({ userId: u, amountCents: 1000, reference: bet, key: `bet:${bet}` });
    await h.publish('bets.settled', settled(bet, u, { status: 'lost', payoutCents: 0 }));
    // lost → won (+30.00) → lost (−30.00), the second correction delivered first
    await h.publish(
      'bets.settled',
      settled(bet, u, { status: 'lost', payoutCents: 0, adjustmentCents: -3000, correction: 2 }),
    );
    await h.caughtUp();
    expect(await keyCount(`settle:${bet}:2`)).toBe(0);
    await h.publish('bets.settled', settled(bet, u, { adjustmentCents: 3000, correction: 1 }));
    await eventually(async () => (await keyCount(`settle:${bet}:2`)) === 1, 20_000);
    expect(await h.balance(u)).toBe(0);
    expect(await countRows(h.db, 'transactions', sql`reference = ${bet} and type = 'adjustment'`)).toBe(1);
  });
});
