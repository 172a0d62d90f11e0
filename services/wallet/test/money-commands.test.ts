import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { type CommandReply, validate, WalletBalance, WalletCredit, WalletDebit } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet();
});
afterAll(async () => h?.close());

const now = () => new Date().toISOString();

async function systemBalance(name: string): Promise<number> {
  const { rows } = await sql<{
    s: string | null;
  }>`select sum(amount) as s from postings where account_id = ${name}`.execute(h.db);
  return Number(rows[0].s ?? 0);
}

async function keyCount(key: string) {
  return countRows(h.db, 'transactions', sql`idempotency_key = ${key}`);
}

describe('money commands', () => {
  it('debits a stake and credits a win, answering exactly the catalogue replies', async () => {
    const u = newId();
    await h.fund(u, 20);
    const bet = newId();
    const debit = await h.debit({ userId: u, amountCents: 500, reference: bet, key: `bet:${bet}` });
    expect(validate(WalletDebit.reply, debit)).toEqual([]);
    expect(debit).toMatchObject({ ok: true, balanceCents: 1500, duplicate: false });
    const credit = await h.credit({ userId: u, amountCents: 1250, reference: bet, key: `win:${bet}` });
    expect(validate(WalletCredit.reply, credit)).toEqual([]);
    expect(credit).toMatchObject({ ok: true, balanceCents: 2750, duplicate: false });
    const balance = await h.infra.bus.request<CommandReply<typeof WalletBalance>>(WalletBalance.subject, {
      userId: u,
    });
    expect(validate(WalletBalance.reply, balance)).toEqual([]);
    expect(balance).toEqual({ userId: u, balanceCents: 2750, pendingWithdrawalCents: 0 });
    expect(await h.infra.bus.request(WalletBalance.subject, { userId: newId() })).toMatchObject({
      balanceCents: 0,
    });
  });

  it('refuses a stake the balance does not cover, and an invalid request, writing nothing', async () => {
    const u = newId();
    await h.fund(u, 1);
    const before = await countRows(h.db, 'transactions');
    const refused = await h.debit({ userId: u, amountCents: 101 });
    expect(validate(WalletDebit.reply, refused)).toEqual([]);
    expect(refused).toEqual({
      ok: false,
      reason: 'insufficient_funds',
      msg: 'Insufficient funds',
      balanceCents: 100,
    });
    const never = await h.debit({ userId: newId(), amountCents: 1 });
    expect(never).toMatchObject({ ok: false, reason: 'insufficient_funds', balanceCents: 0 });
    for (const bad of [
      { idempotencyKey: 'k', userId: u, amountCents: 0, type: 'bet', reference: 'r', description: 'd' },
      { idempotencyKey: 'k', userId: u, amountCents: 1.5, type: 'bet', reference: 'r', description: 'd' },
      { idempotencyKey: 'k', userId: 'nope', amountCents: 1, type: 'bet', reference: 'r', description: 'd' },
      { idempotencyKey: '', userId: u, amountCents: 1, type: 'bet', reference: 'r', description: 'd' },
      { idempotencyKey: 'k', userId: u, amountCents: 1, type: 'win', reference: 'r', description: 'd' },
    ]) {
      const reply = await h.infra.bus.request<any>(WalletDebit.subject, bad);
      expect(reply).toMatchObject({ ok: false, reason: 'invalid' });
      expect(validate(WalletDebit.reply, reply)).toEqual([]);
    }
    expect(await countRows(h.db, 'transactions')).toBe(before);
    expect(await h.balance(u)).toBe(100);
  });

  it('replays a command to its original answer, and refuses a key reused for something else', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = newId();
    const first = await h.debit({ userId: u, amountCents: 300, reference: bet, key: `bet:${bet}` });
    await h.debit({ userId: u, amountCents: 100 });
    const replay = await h.debit({ userId: u, amountCents: 300, reference: bet, key: `bet:${bet}` });
    expect(replay).toEqual({
      ok: true,
      transactionId: (first as any).transactionId,
      balanceCents: 700,
      duplicate: true,
    });
    expect(await h.balance(u)).toBe(600);
    const reused = await h.debit({ userId: u, amountCents: 999, reference: bet, key: `bet:${bet}` });
    expect(reused).toMatchObject({ ok: false, reason: 'invalid' });

    const win1 = await h.credit({ userId: u, amountCents: 450, reference: bet, key: `win:${bet}` });
    const win2 = await h.credit({ userId: u, amountCents: 450, reference: bet, key: `win:${bet}` });
    expect(win2).toEqual({ ...win1, duplicate: true });
    expect(await h.balance(u)).toBe(1050);
  });

  it('accepts exactly as many simultaneous stakes as the balance covers', async () => {
    const u = newId();
    await h.fund(u, 120);
    const replies = await Promise.all(
      Array.from({ length: 300 }, () => h.debit({ userId: u, amountCents: 100 })),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(120);
    expect(replies.filter((r) => !r.ok && r.reason === 'insufficient_funds')).toHaveLength(180);
    expect(await h.balance(u)).toBe(0);
    expect(await countRows(h.db, 'transactions', sql`user_id = ${u} and type = 'bet'`)).toBe(120);
  });

  it('under random simultaneous stakes, the balance is exact and every refusal was right', async () => {
    const u = newId();
    await h.fund(u, 250);
    const amounts = Array.from({ length: 250 }, (_, i) => 50 + ((i * 7919) % 400));
    const replies = await Promise.all(amounts.map((amountCents) => h.debit({ userId: u, amountCents })));
    const accepted = amounts.filter((_, i) => replies[i].ok).reduce((s, a) => s + a, 0);
    const balance = await h.balance(u);
    expect(balance).toBe(25_000 - accepted);
    expect(balance).toBeGreaterThanOrEqual(0);
    // the balance only went down, so a refused stake was larger than what is left now
    for (const [i, r] of replies.entries()) if (!r.ok) expect(amounts[i]).toBeGreaterThan(balance);
    expect(replies.some((r) => !r.ok)).toBe(true);
  });

  it('holds a set of singles per bet, so each settles its own stake', async () => {
    const u = newId();
    await h.fund(u, 30);
    const [b1, b2, b3] = [newId(), newId(), newId()];
    const set = newId();
    const send = (holds: unknown) =>
      h.infra.bus.request<any>(WalletDebit.subject, {
        idempotencyKey: `betset:${set}`,
        userId: u,
        amountCents: 1500,
        type: 'bet',
        reference: set,
        description: 'Singles x3',
        holds,
      });
    const before = await countRows(h.db, 'transactions');
    expect(
      await send([
        { reference: b1, amountCents: 500 },
        { reference: b2, amountCents: 500 },
      ]),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await countRows(h.db, 'transactions')).toBe(before);
    const holds = [b1, b2, b3].map((reference) => ({ reference, amountCents: 500 }));
    expect(await send(holds)).toMatchObject({ ok: true, balanceCents: 1500 });
    const held = await h.db
      .selectFrom('holds')
      .select(['reference', 'amount'])
      .where('user_id', '=', u)
      .orderBy('reference')
      .execute();
    expect(held).toEqual([b1, b2, b3].sort().map((reference) => ({ reference, amount: '500' })));

    const inPlay = await systemBalance('bets_in_play');
    const house = await systemBalance('house');
    await h.credit({ userId: u, amountCents: 500, reference: b1, key: `refund:${b1}`, type: 'refund' });
    await h.publish('bets.settled', {
      betId: b2,
      userId: u,
      status: 'won',
      stakeCents: 500,
      payoutCents: 1200,
      settledAt: now(),
    });
    await h.publish('bets.settled', {
      betId: b3,
      userId: u,
      status: 'lost',
      stakeCents: 500,
      payoutCents: 0,
      settledAt: now(),
    });
    await eventually(async () => (await keyCount(`win:${b2}`)) === 1 && (await keyCount(`lost:${b3}`)) === 1);
    expect(await systemBalance('bets_in_play')).toBe(inPlay - 1500);
    expect(await systemBalance('house')).toBe(house - 700 + 500);
    expect(await h.balance(u)).toBe(1500 + 500 + 1200);
  });

  it('a burst of one command with one key has one effect', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = newId();
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        h.debit({ userId: u, amountCents: 250, reference: bet, key: `bet:${bet}` }),
      ),
    );
    expect(replies.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(replies.every((r) => r.ok)).toBe(true);
    expect(new Set(replies.map((r) => (r as any).transactionId)).size).toBe(1);
    expect(await h.balance(u)).toBe(750);
  });
});

describe('settlement events', () => {
  async function stakeFor(u: string, cents: number) {
    const bet = newId();
    expect(await h.debit({ userId: u, amountCents: cents, reference: bet, key: `bet:${bet}` })).toMatchObject(
      { ok: true },
    );
    return bet;
  }

  it('pays a won bet once, however often and by whichever path it arrives', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = await stakeFor(u, 1000);
    const house = await systemBalance('house');
    const settled = {
      betId: bet,
      userId: u,
      status: 'won',
      stakeCents: 1000,
      payoutCents: 2100,
      settledAt: now(),
    };
    const id = await h.publish('bets.settled', settled);
    await h.publish('bets.settled', settled, id); // redelivery of the same event
    const again = await h.publish('bets.settled', settled); // the same fact, published again under a new id
    // and the betting service also sent the money command with the same key
    const cmd = await h.credit({ userId: u, amountCents: 2100, reference: bet, key: `win:${bet}` });
    await eventually(async () => (await h.balance(u)) === 2100);
    await h.handled([id, again]);
    expect(await h.balance(u)).toBe(2100);
    expect(await keyCount(`win:${bet}`)).toBe(1);
    expect(cmd).toMatchObject({ ok: true, balanceCents: 2100 });
    // the stake left bets in play; the house paid the profit
    expect(await systemBalance('house')).toBe(house - 1100);
  });

  it('moves a lost stake to the house without touching the wallet', async () => {
    const u = newId();
    await h.fund(u, 5);
    const bet = await stakeFor(u, 400);
    const house = await systemBalance('house');
    await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'lost',
      stakeCents: 400,
      payoutCents: 0,
      settledAt: now(),
    });
    await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'lost',
      stakeCents: 400,
      payoutCents: 0,
      settledAt: now(),
    });
    await eventually(async () => (await keyCount(`lost:${bet}`)) === 1);
    expect(await systemBalance('house')).toBe(house + 400);
    expect(await h.balance(u)).toBe(100);
    const lines = await h.http('GET', '/api/v1/wallet/transactions', { token: await h.userToken(u) });
    expect(lines.body.transactions.map((t: any) => t.kind)).toEqual(['bet', 'adjustment']);
  });

  it('refunds voided bets and pays cash-outs once each', async () => {
    const u = newId();
    await h.fund(u, 20);
    const voided = await stakeFor(u, 700);
    const cashed = await stakeFor(u, 1000);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push(
        await h.publish('bets.voided', {
          betId: voided,
          userId: u,
          refundCents: 700,
          reason: 'Game cancelled',
          voidedAt: now(),
        }),
        await h.publish('bets.cashed_out', {
          betId: cashed,
          userId: u,
          stakeCents: 1000,
          amountCents: 640,
          cashedOutAt: now(),
        }),
      );
    }
    await eventually(
      async () => (await keyCount(`refund:${voided}`)) === 1 && (await keyCount(`cashout:${cashed}`)) === 1,
    );
    await h.handled(ids);
    expect(await h.balance(u)).toBe(2000 - 700 - 1000 + 700 + 640);
    const lines = (
      await h.http('GET', '/api/v1/wallet/transactions?limit=2', { token: await h.userToken(u) })
    ).body.transactions;
    expect(lines.map((t: any) => t.description).sort()).toEqual([
      'Bet cashed out',
      'Bet refunded: Game cancelled',
    ]);
  });

  it('applies a correction by its difference, clawing back no more than the wallet holds', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = await stakeFor(u, 1000);
    await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'won',
      stakeCents: 1000,
      payoutCents: 3000,
      settledAt: now(),
    });
    await eventually(async () => (await h.balance(u)) === 3000);
    // the player bets most of it away before the result is corrected to lost
    await stakeFor(u, 2500);
    const receivable = await systemBalance('house_receivable');
    const correction = {
      betId: bet,
      userId: u,
      status: 'lost',
      stakeCents: 1000,
      payoutCents: 0,
      adjustmentCents: -3000,
      correction: 1,
      settledAt: now(),
    };
    const corrections = [
      await h.publish('bets.settled', correction),
      await h.publish('bets.settled', correction),
    ];
    await eventually(async () => (await keyCount(`settle:${bet}:1`)) === 1);
    await h.handled(corrections);
    expect(await h.balance(u)).toBe(0);
    expect(await systemBalance('house_receivable')).toBe(receivable - 2500);
    // corrected back to won: the difference is paid again under the next correction number
    await h.publish('bets.settled', {
      ...correction,
      status: 'won',
      payoutCents: 3000,
      adjustmentCents: 3000,
      correction: 2,
    });
    // the 30.00 first repays the 25.00 the first correction left owed; 5.00 reaches the wallet
    await eventually(async () => (await h.balance(u)) === 500);
    expect(await systemBalance('house_receivable')).toBe(receivable);
  });

  it('settles Aviator outcomes with the same keys as the Aviator money commands', async () => {
    const u = newId();
    await h.fund(u, 10);
    const won = newId();
    const lost = newId();
    const round = newId();
    await h.debit({
      userId: u,
      amountCents: 200,
      reference: won,
      key: `aviator_bet:${won}`,
      type: 'aviator_bet',
    });
    await h.debit({
      userId: u,
      amountCents: 300,
      reference: lost,
      key: `aviator_bet:${lost}`,
      type: 'aviator_bet',
    });
    const paid = await h.credit({
      userId: u,
      amountCents: 488,
      reference: won,
      key: `aviator_win:${won}`,
      type: 'aviator_win',
    });
    expect(paid).toMatchObject({ ok: true, balanceCents: 988 });
    await h.publish('aviator.cashed_out', {
      betId: won,
      roundId: round,
      userId: u,
      stakeCents: 200,
      multiplierHundredths: 244,
      payoutCents: 488,
      cashedOutAt: now(),
    });
    await h.publish('aviator.bet_lost', {
      betId: lost,
      roundId: round,
      userId: u,
      stakeCents: 300,
      crashPointHundredths: 137,
      settledAt: now(),
    });
    await eventually(async () => (await keyCount(`aviator_lost:${lost}`)) === 1);
    expect(await keyCount(`aviator_win:${won}`)).toBe(1);
    expect(await h.balance(u)).toBe(988);
  });

  it('does not pay an event that contradicts the command already paid, and keeps going', async () => {
    const u = newId();
    await h.fund(u, 10);
    const bet = await stakeFor(u, 1000);
    await h.credit({ userId: u, amountCents: 2000, reference: bet, key: `win:${bet}` });
    const contradicting = await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'won',
      stakeCents: 1000,
      payoutCents: 2100,
      settledAt: now(),
    });
    // handled (recorded in the inbox) rather than retried until dropped
    await eventually(
      async () => (await countRows(h.db, 'inbox', sql`event_id = ${contradicting}`)) === 1,
      3_000,
    );
    const next = await stakeFor(u, 100);
    await h.publish('bets.settled', {
      betId: next,
      userId: u,
      status: 'won',
      stakeCents: 100,
      payoutCents: 150,
      settledAt: now(),
    });
    // the next settlement is not stuck behind the contradicting one's retries
    await eventually(async () => (await keyCount(`win:${next}`)) === 1, 3_000);
    expect(await h.balance(u)).toBe(2000 - 100 + 150);
  });

  it('skips a malformed event without a second thought', async () => {
    const u = newId();
    await h.publish('bets.settled', { betId: 'x', userId: u, status: 'won' });
    await h.publish('bets.voided', {
      betId: newId(),
      userId: u,
      refundCents: 100,
      reason: 'r',
      voidedAt: now(),
    });
    await eventually(async () => (await h.balance(u)) === 100);
  });
});

describe('users', () => {
  it('opens a wallet on registration and closes it on deletion: money still arrives, none leaves', async () => {
    const u = newId();
    await h.publish('user.registered', {
      userId: u,
      username: 'kemi',
      email: 'kemi@example.com',
      firstName: 'Kemi',
      lastName: 'A',
      role: 'user',
      createdAt: now(),
    });
    await eventually(
      async () =>
        (await h.db.selectFrom('accounts').select('id').where('id', '=', u).executeTakeFirst()) !== undefined,
    );
    await h.fund(u, 5);
    const bet = await (async () => {
      const b = newId();
      await h.debit({ userId: u, amountCents: 100, reference: b, key: `bet:${b}` });
      return b;
    })();
    await h.publish('user.deleted', { userId: u, deletedBy: h.adminId });
    await eventually(
      async () =>
        (await h.db.selectFrom('accounts').select('status').where('id', '=', u).executeTakeFirst())
          ?.status === 'closed',
    );
    expect(await h.debit({ userId: u, amountCents: 100 })).toMatchObject({
      ok: false,
      reason: 'unknown_account',
    });
    expect(
      await h.credit({ userId: u, amountCents: 100, reference: bet, key: `refund:${bet}`, type: 'refund' }),
    ).toMatchObject({ ok: true });
    const token = await h.userToken(u);
    expect(
      (await h.http('POST', '/api/v1/wallet/request-withdrawal', { token, body: { amount: 1 } })).status,
    ).toBe(422);
    expect(await h.balance(u)).toBe(500);
  });
});

it('leaves a ledger that reconciles', async () => {
  const report = await h.reconcile();
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
});

describe('a refused debit is final under its key', () => {
  it('a stalled copy of a refused debit, landing after the user topped up, takes nothing', async () => {
    const u = newId();
    await h.fund(u, 1);
    const bet = newId();
    const key = `bet:${bet}`;
    // the retry was refused: betting rejected the placement and told the user
    const refused = await h.debit({ userId: u, amountCents: 500, reference: bet, key });
    expect(refused).toMatchObject({ ok: false, reason: 'insufficient_funds' });
    await h.fund(u, 20);
    // the first copy of the same debit, stalled until now, must not take the stake
    const late = await h.debit({ userId: u, amountCents: 500, reference: bet, key });
    expect(late).toMatchObject({ ok: false, reason: 'insufficient_funds' });
    expect(await keyCount(key)).toBe(0);
    expect(await h.balance(u)).toBe(2100);
    expect(await countRows(h.db, 'holds', sql`reference = ${bet} and amount > 0`)).toBe(0);
    // another key is a new decision
    const other = await h.debit({ userId: u, amountCents: 500, reference: newId() });
    expect(other).toMatchObject({ ok: true, balanceCents: 1600 });
  });
});
