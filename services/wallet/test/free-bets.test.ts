import { newId } from '@bet/kit';
import { WalletDebit } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPromotion } from '../src/app/bonus-claims';
import type { AppContext } from '../src/context';
import { type Harness, startWallet } from './helpers';

/**
 * Free-bet tokens on the ledger (decision wallet-008): a claim issues the token; a stake
 * debit naming it is paid by the promotions account (never the wallet), refused when the
 * token cannot pay it; a win pays the winnings only (stake not returned); a void gives the
 * stake back to promotions and the token back to the player. Every ledger line to the cent.
 */
let h: Harness;
beforeAll(async () => {
  h = await startWallet();
});
afterAll(async () => h?.close());

async function token(userId: string) {
  await claimPromotion(h.svc.ctx as AppContext, {
    userId,
    promotionId: newId(),
    kind: 'free_bet',
    rules: { kind: 'free_bet', amountCents: 1_000, minOddsMilli: 1_800, expiresInDays: 7 },
    offerExpiresAt: null,
  });
  const row = await h.db
    .selectFrom('free_bets')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return row.id as string;
}

const freeDebit = (userId: string, freeBetId: string, betId: string, amountCents: number, odds: number) =>
  h.infra.bus.request<any>(WalletDebit.subject, {
    idempotencyKey: `bet:${betId}`,
    userId,
    amountCents,
    type: 'bet',
    reference: betId,
    description: 'Single bet',
    freeBetId,
    oddsHundredths: odds,
  });

async function lines(userId: string) {
  const { rows } = await sql<{ type: string; account_id: string; amount: string }>`
    select t.type, p.account_id, p.amount from postings p join transactions t on t.id = p.transaction_id
    where t.user_id = ${userId} or t.metadata->>'userId' = ${userId} order by p.seq`.execute(h.db);
  return rows.map((r) => [r.type, r.account_id.replace(userId, 'U'), Number(r.amount)]);
}

describe('free bets', () => {
  it('a token pays a stake it fits; a win pays the winnings only; to the cent', async () => {
    const u = newId();
    await h.fund(u, 5);
    const id = await token(u);
    const bet = newId();
    expect(await freeDebit(u, id, bet, 999, 250)).toMatchObject({
      ok: false,
      reason: 'free_bet_unavailable',
      msg: "A free bet's stake must be 10.00.",
    });
    expect(await freeDebit(u, id, newId(), 1_000, 170)).toMatchObject({
      ok: false,
      msg: 'A free bet needs odds of 1.80 or more.',
    });
    expect(await freeDebit(newId(), id, newId(), 1_000, 250)).toMatchObject({ msg: 'Free bet not found.' });
    // the wallet keeps its $5: the token pays
    expect(await freeDebit(u, id, bet, 1_000, 250)).toMatchObject({
      ok: true,
      balanceCents: 500,
      duplicate: false,
    });
    expect(await freeDebit(u, id, bet, 1_000, 250)).toMatchObject({ ok: true, duplicate: true });
    expect(await freeDebit(u, id, newId(), 1_000, 250)).toMatchObject({
      msg: 'This free bet was already used.',
    });

    // won at 2.50: 25.00 less the 10.00 stake (not returned) = 15.00
    const ev = await h.publish('bets.settled', {
      betId: bet,
      userId: u,
      status: 'won',
      stakeCents: 1_000,
      payoutCents: 1_500,
      oddsHundredths: 250,
      freeBetCents: 1_000,
      settledAt: new Date().toISOString(),
    });
    await h.handled([ev]);
    expect(await h.balance(u)).toBe(2_000);
    expect(await lines(u)).toEqual([
      ['adjustment', 'U', 500],
      ['adjustment', 'house', -500],
      ['free_bet_stake', 'promotions', -1_000],
      ['free_bet_stake', 'bets_in_play', 1_000],
      ['win', 'U', 1_500],
      ['win', 'bets_in_play', -1_000],
      ['win', 'house', -500],
    ]);
    expect((await h.reconcile()).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('a void gives the stake back to promotions and the token back to the player, usable again', async () => {
    const u = newId();
    await h.fund(u, 1);
    const id = await token(u);
    const bet = newId();
    expect(await freeDebit(u, id, bet, 1_000, 200)).toMatchObject({ ok: true });
    const ev = await h.publish('bets.voided', {
      betId: bet,
      userId: u,
      refundCents: 1_000,
      freeBetCents: 1_000,
      reason: 'Game cancelled',
      voidedAt: new Date().toISOString(),
    });
    await h.handled([ev]);
    expect(await h.balance(u)).toBe(100); // no cash for a free bet's void
    const again = newId();
    expect(await freeDebit(u, id, again, 1_000, 190)).toMatchObject({ ok: true });
    expect(await lines(u)).toEqual([
      ['adjustment', 'U', 100],
      ['adjustment', 'house', -100],
      ['free_bet_stake', 'promotions', -1_000],
      ['free_bet_stake', 'bets_in_play', 1_000],
      ['free_bet_return', 'bets_in_play', -1_000],
      ['free_bet_return', 'promotions', 1_000],
      ['free_bet_stake', 'promotions', -1_000],
      ['free_bet_stake', 'bets_in_play', 1_000],
    ]);
    expect((await h.reconcile()).checks.filter((c) => !c.ok)).toEqual([]);
  });
});
