import { bettingService } from '@bet/betting';
import { gamesService } from '@bet/games';
import { newId, type RunningService } from '@bet/kit';
import { eventually, inject, startStack, type TestStack } from '@bet/kit/testing';
import { walletService } from '@bet/wallet';
import { expect } from 'vitest';
import {
  claimPromotion,
  type DepositMatchJson,
  type FreeBetJson,
} from '../../services/wallet/src/app/bonus-claims';

/**
 * Issue 33's money tests: the real wallet, games and betting services (Postgres, NATS, Redis),
 * deposits through the sandbox checkout, bets placed and settled as a player and an admin do.
 */
export type PromoStack = TestStack & Record<'games' | 'wallet' | 'betting', RunningService<any>>;

export function startPromoStack(): Promise<PromoStack> {
  return startStack<'games' | 'wallet' | 'betting'>(
    [walletService, gamesService, { def: bettingService, options: { env: { LIVE_ACCEPT_DELAY_MS: '0' } } }],
    {
      env: {
        GAMES_PROVIDER: 'none',
        SANDBOX_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789',
        NGN_PER_USD: '1500',
      },
    },
  );
}

/** A deposit paid through the sandbox checkout (a deposit match grants on it). */
export async function deposit(s: PromoStack, auth: Record<string, string>, dollars: number) {
  const res = await inject(s.wallet, 'POST', '/api/v1/wallet/deposit/initialize', auth, {
    amount: dollars * 1500,
  });
  expect(res.status).toBe(200);
  const reference = res.body.paymentLink.split('/').pop() as string;
  const paid = await s.wallet.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/sandbox/checkout/${reference}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBe(200);
}

/** The wallet's half of a claim (the admin service's claim route asks the wallet for this). */
export async function claimDepositMatch(s: PromoStack, userId: string, rules: DepositMatchJson) {
  const promotionId = newId();
  await claimPromotion(s.wallet.ctx as any, {
    userId,
    promotionId,
    kind: 'deposit_match',
    rules,
    offerExpiresAt: null,
  });
  return promotionId;
}

/** Every posting of a player's transactions (and of their lost stakes), in order, `U` for them. */
export async function ledgerLines(s: PromoStack, userId: string) {
  const rows = await s.wallet.ctx.db
    .selectFrom('postings as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .select(['t.type', 'p.account_id', 'p.amount', 'p.balance_after'])
    .where((eb: any) =>
      eb.or([eb('t.user_id', '=', userId), eb(eb.ref('t.metadata', '->>').key('userId'), '=', userId)]),
    )
    .orderBy('p.seq')
    .execute();
  return rows.map((r: any) => [
    r.type,
    (r.account_id as string).replace(userId, 'U'),
    Number(r.amount),
    r.balance_after === null ? null : Number(r.balance_after),
  ]);
}

/** The wallet's reconciliation: every check that failed (none, when the books agree). */
export async function failedChecks(s: PromoStack) {
  const report = (await inject(s.wallet, 'GET', '/api/v1/admin/wallet/reconcile', s.admin)).body;
  return report.checks.filter((c: { ok: boolean }) => !c.ok);
}

export async function walletOf(s: PromoStack, auth: Record<string, string>) {
  return (await inject(s.wallet, 'GET', '/api/v1/wallet', auth)).body as {
    walletBalance: number;
    bonusBalance: number;
  };
}

export async function grantsOf(s: PromoStack, auth: Record<string, string>) {
  const mine = await inject(s.wallet, 'GET', '/api/v1/promotions/mine', auth);
  expect(mine.status).toBe(200);
  return mine.body.promotions.flatMap((p: any) => p.grants);
}

export { eventually, inject };

/** Claims a free bet for a player (the wallet's claim, as the admin's claim route sends it); the token's id. */
export async function claimFreeBet(s: PromoStack, userId: string, rules: FreeBetJson): Promise<string> {
  await claimPromotion(s.wallet.ctx as any, {
    userId,
    promotionId: newId(),
    kind: 'free_bet',
    rules,
    offerExpiresAt: null,
  });
  const row = await s.wallet.ctx.db
    .selectFrom('free_bets')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id as string;
}

/** The admin's promotion calls, for the tests that run the admin service beside the stack. */
export function adminPromotions(s: PromoStack, admin: RunningService<any>) {
  return {
    /** A promotion made by the admin; a boost or an acca bonus once betting's copy has it. */
    async create(promoType: 'OddsBoost' | 'Bonus' | 'FreeBet', rules: Record<string, unknown>) {
      const res = await inject(admin, 'POST', '/api/v1/promotions', s.admin, {
        title: `${promoType} ${Date.now()}`,
        description: 'test offer',
        promoType,
        rules,
      });
      expect(res.status).toBe(201);
      const id = res.body._id as string;
      if (promoType !== 'FreeBet')
        await eventually(async () =>
          s.betting.ctx.db.selectFrom('promotions').select('id').where('id', '=', id).executeTakeFirst(),
        );
      return id;
    },
    /** The promotion as the admin's list shows it, with its uptake and cost. */
    async row(id: string) {
      const all = await inject(admin, 'GET', '/api/v1/promotions/all', s.admin);
      return all.body.promotions.find((p: { _id: string }) => p._id === id);
    },
  };
}
