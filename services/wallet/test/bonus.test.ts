import { newId } from '@bet/kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPromotion, type DepositMatchJson, SELF_EXCLUDED } from '../src/app/bonus-claims';
import { expireDueGrants, recordWagering } from '../src/app/bonus-grants';
import { requestWithdrawal } from '../src/app/withdrawals';
import type { AppContext } from '../src/context';
import { type Harness, startWallet } from './helpers';

/**
 * Deposit match end to end on the ledger (decision wallet-007): claim → deposit grants the
 * match → settled stakes at qualifying odds count → wagering met converts to cash; or expiry
 * forfeits it. Every ledger line is checked to the cent.
 */
let h: Harness;
let ctx: AppContext;
beforeAll(async () => {
  h = await startWallet({ env: { PUBLIC_URL: 'http://bet.test', NGN_PER_USD: '1500' } });
  ctx = h.svc.ctx as AppContext;
});
afterAll(async () => h?.close());

const MATCH: DepositMatchJson = {
  kind: 'deposit_match',
  percent: 100,
  capCents: 10_000,
  wageringMultiplier: 5,
  minOddsMilli: 1500,
  expiresInDays: 30,
  firstDepositOnly: true,
};

const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** a card deposit of `dollars` through the sandbox checkout (NGN 1500 = $1) */
async function deposit(userId: string, dollars: number) {
  const token = await h.userToken(userId);
  const res = await h.http('POST', '/api/v1/wallet/deposit/initialize', {
    token,
    body: { amount: dollars * 1500 },
  });
  expect(res.status).toBe(200);
  const reference = res.body.paymentLink.split('/').pop() as string;
  const paid = await h.http('POST', `/api/v1/wallet/sandbox/checkout/${reference}/pay`, {
    headers: form,
    body: '',
  });
  expect(paid.status).toBe(200);
  return reference;
}

/** every ledger line touching this player's accounts or the promotions account, in order */
async function lines(userId: string) {
  const { rows } = await sql<{
    type: string;
    account_id: string;
    amount: string;
    balance_after: string | null;
  }>`
    select t.type, p.account_id, p.amount, p.balance_after
    from postings p join transactions t on t.id = p.transaction_id
    where t.user_id = ${userId}
    order by p.seq`.execute(h.db);
  return rows.map((r) => [
    r.type,
    r.account_id.replace(userId, 'U'),
    Number(r.amount),
    r.balance_after === null ? null : Number(r.balance_after),
  ]);
}

async function wallet(userId: string) {
  const res = await h.http('GET', '/api/v1/wallet', { token: await h.userToken(userId) });
  expect(res.status).toBe(200);
  return res.body;
}

async function grantOf(userId: string) {
  return h.db.selectFrom('bonus_grants').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('deposit match', () => {
  it('claim → deposit grants 100% → stakes at 1.50+ count → 5× wagered converts to cash, to the cent', async () => {
    const userId = newId();
    const promotionId = newId();
    const claimed = await claimPromotion(ctx, {
      userId,
      promotionId,
      kind: 'deposit_match',
      rules: MATCH,
      offerExpiresAt: null,
    });
    expect(claimed.created).toBe(true);
    // one claim per player and promotion: a second answers the first
    const again = await claimPromotion(ctx, {
      userId,
      promotionId,
      kind: 'deposit_match',
      rules: MATCH,
      offerExpiresAt: null,
    });
    expect(again).toMatchObject({ created: false, claim: { id: claimed.claim.id } });

    await deposit(userId, 150); // matched up to the $100 cap
    expect(await wallet(userId)).toEqual({ walletBalance: 150, currency: 'USD', debt: 0, bonusBalance: 100 });
    const grant = await grantOf(userId);
    expect(grant).toMatchObject({
      amount_cents: '10000',
      required_cents: '50000',
      wagered_cents: '0',
      status: 'active',
    });

    // below the minimum odds: does not count; the same bet twice counts once
    expect(
      await recordWagering(ctx, { userId, reference: 'b1', stakeCents: 20_000n, oddsMilli: 1499 }),
    ).toEqual({
      counted: true,
      converted: [],
    });
    await recordWagering(ctx, { userId, reference: 'b2', stakeCents: 30_000n, oddsMilli: 2000 });
    expect(
      (await recordWagering(ctx, { userId, reference: 'b2', stakeCents: 30_000n, oddsMilli: 2000 })).counted,
    ).toBe(false);
    expect((await grantOf(userId)).wagered_cents).toBe('30000');
    expect((await wallet(userId)).bonusBalance).toBe(100);

    const met = await recordWagering(ctx, { userId, reference: 'b3', stakeCents: 25_000n, oddsMilli: 1500 });
    expect(met.converted).toEqual([grant.id]);
    expect(await grantOf(userId)).toMatchObject({
      wagered_cents: '50000',
      remaining_cents: '0',
      status: 'converted',
    });
    expect(await wallet(userId)).toEqual({ walletBalance: 250, currency: 'USD', debt: 0, bonusBalance: 0 });

    // a second deposit: the claim was for the first only
    await deposit(userId, 20);

    expect(await lines(userId)).toEqual([
      ['topup', 'provider_clearing', -15_000, null],
      ['topup', 'U', 15_000, 15_000],
      ['bonus_grant', 'promotions', -10_000, null],
      ['bonus_grant', 'bonus:U', 10_000, 10_000],
      ['bonus_conversion', 'bonus:U', -10_000, 0],
      ['bonus_conversion', 'U', 10_000, 25_000],
      ['topup', 'provider_clearing', -2_000, null],
      ['topup', 'U', 2_000, 27_000],
    ]);

    // the statement shows the bonus movements with their own kinds
    const token = await h.userToken(userId);
    const list = await h.http('GET', '/api/v1/wallet/transactions', { token });
    expect(list.body.transactions.map((t: any) => [t.type, t.kind, t.amount, t.balanceAfter])).toEqual([
      ['topup', 'topup', 20, 270],
      ['topup', 'bonus_conversion', 100, 250],
      ['topup', 'bonus_grant', 100, 100],
      ['topup', 'topup', 150, 150],
    ]);
    const summary = await h.http('GET', '/api/v1/wallet/summary', { token });
    // top-ups are card deposits only: bonus money is not a deposit
    expect(summary.body.totalTopUps).toEqual({ amount: 170, count: 2 });

    const report = await h.reconcile();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('expiry forfeits what is left to the promotions account; stakes after it count for nothing', async () => {
    const userId = newId();
    await claimPromotion(ctx, {
      userId,
      promotionId: newId(),
      kind: 'deposit_match',
      rules: { ...MATCH, percent: 50 },
      offerExpiresAt: null,
    });
    await deposit(userId, 33.33);
    const grant = await grantOf(userId);
    expect(grant.amount_cents).toBe('1666'); // 50% of $33.33, rounded down to the cent
    await recordWagering(ctx, { userId, reference: 'x1', stakeCents: 1_000n, oddsMilli: 3000 });

    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await expireDueGrants(ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await grantOf(userId)).toMatchObject({
      status: 'expired',
      remaining_cents: '0',
      wagered_cents: '1000',
    });
    // a second pass moves nothing
    await expireDueGrants(ctx, later);
    expect(
      await recordWagering(ctx, { userId, reference: 'x2', stakeCents: 9_000n, oddsMilli: 3000, at: later }),
    ).toEqual({
      counted: true,
      converted: [],
    });
    expect(await wallet(userId)).toEqual({ walletBalance: 33.33, currency: 'USD', debt: 0, bonusBalance: 0 });
    expect(await lines(userId)).toEqual([
      ['topup', 'provider_clearing', -3_333, null],
      ['topup', 'U', 3_333, 3_333],
      ['bonus_grant', 'promotions', -1_666, null],
      ['bonus_grant', 'bonus:U', 1_666, 1_666],
      ['bonus_expiry', 'bonus:U', -1_666, 0],
      ['bonus_expiry', 'promotions', 1_666, null],
    ]);
    const report = await h.reconcile();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('a self-excluded player cannot claim', async () => {
    const userId = newId();
    await h.db
      .insertInto('users')
      .values({
        id: userId,
        username: 'x',
        email: 'x@x.test',
        excluded_until: new Date(Date.now() + 86_400_000),
      })
      .execute();
    await expect(
      claimPromotion(ctx, {
        userId,
        promotionId: newId(),
        kind: 'deposit_match',
        rules: MATCH,
        offerExpiresAt: null,
      }),
    ).rejects.toMatchObject({ code: 'excluded', message: SELF_EXCLUDED }); // 403: routes/errors.ts
  });
});

describe('bonus money is never withdrawn', () => {
  it('a withdrawal cannot take bonus money; racing one against a conversion, each is exact', async () => {
    for (let i = 0; i < 6; i++) {
      const userId = newId();
      await claimPromotion(ctx, {
        userId,
        promotionId: newId(),
        kind: 'deposit_match',
        rules: { ...MATCH, wageringMultiplier: 1 },
        offerExpiresAt: null,
      });
      await deposit(userId, 40); // $40 cash, $40 bonus, $40 to wager
      // before conversion the bonus is not withdrawable
      await expect(requestWithdrawal(ctx, { userId, amountCents: 4_001n })).rejects.toThrow(/nsufficient/);
      expect(await wallet(userId)).toEqual({ walletBalance: 40, currency: 'USD', debt: 0, bonusBalance: 40 });

      // all $80 asked for while the wagering that converts the bonus lands
      const [w, c] = await Promise.allSettled([
        requestWithdrawal(ctx, { userId, amountCents: 8_000n }),
        recordWagering(ctx, { userId, reference: `r${i}`, stakeCents: 4_000n, oddsMilli: 2000 }),
      ]);
      expect(c.status).toBe('fulfilled');
      const after = await wallet(userId);
      expect(after.bonusBalance).toBe(0);
      // either the conversion came first and the whole $80 is cash being withdrawn, or the
      // withdrawal came first, was refused, and the $80 is cash in the wallet
      if (w.status === 'fulfilled') expect(after.walletBalance).toBe(0);
      else expect(after.walletBalance).toBe(80);
      // the pending withdrawal was only ever taken from the cash wallet
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from postings p join transactions t on t.id = p.transaction_id
        where t.type = 'withdrawal' and p.account_id = ${`bonus:${userId}`}`.execute(h.db);
      expect(Number(rows[0].n)).toBe(0);
    }
    const report = await h.reconcile();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
