import { newId } from '@bet/kit';
import { BetsSettled } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueGrants } from '../../services/wallet/src/app/bonus-grants';
import { game, kickOff, player, result } from '../betting/stack';
import {
  claimDepositMatch,
  deposit,
  eventually,
  failedChecks,
  grantsOf,
  inject,
  ledgerLines,
  type PromoStack,
  startPromoStack,
  walletOf,
} from './stack';

/**
 * Issue 33, wagering from real bets: betting's bets.settled carries the bet's settled odds, the
 * wallet counts each first result's stake towards the player's deposit-match grant (at its
 * minimum odds or more), converts the bonus to cash when the requirement is met and forfeits it
 * at expiry; every ledger line to the cent, and the reconciliation afterwards.
 */
let s: PromoStack;
beforeAll(async () => {
  s = await startPromoStack();
}, 60_000);
afterAll(async () => s?.close());

const MATCH = {
  kind: 'deposit_match' as const,
  percent: 50,
  capCents: 2_500,
  wageringMultiplier: 4,
  minOddsMilli: 1_500,
  expiresInDays: 7,
  firstDepositOnly: true,
};

async function single(auth: Record<string, string>, gameId: string, stake: number) {
  const res = await inject(s.betting, 'POST', '/api/v1/bets/singles', auth, {
    stakePerBet: stake,
    selections: [{ gameId, outcome: 'A' }],
  });
  expect(res.status).toBe(201);
}

describe('bonus wagering from settled bets', () => {
  it('counts qualifying settled stakes, converts the bonus when met; every ledger line to the cent', async () => {
    const p = await player(s, 0);
    await claimDepositMatch(s, p.id, MATCH);
    await deposit(s, p.auth, 80); // 50 % of $80 is $40, capped at $25; wagering 4 × $25 = $100
    expect(await walletOf(s, p.auth)).toMatchObject({ walletBalance: 80, bonusBalance: 25 });

    const [g1, g2, g3] = await Promise.all([
      game(s),
      game(s, { home: 1.4, draw: 4, away: 6 }),
      game(s, { home: 1.5, draw: 4, away: 6 }),
    ]);
    await single(p.auth, g1._id, 50); // at 2.10, wins 105.00: counts 50
    await single(p.auth, g2._id, 10); // at 1.40, below the minimum odds: never counts
    await Promise.all([kickOff(s, g1), kickOff(s, g2)]);

    expect((await result(s, g1._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 125, 15_000);
    expect(await grantsOf(s, p.auth)).toMatchObject([{ wagered: 50, required: 100, status: 'active' }]);

    expect((await result(s, g2._id, 'A')).status).toBe(200); // won at 1.40: paid, not counted
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 139, 15_000);
    expect(await grantsOf(s, p.auth)).toMatchObject([{ wagered: 50, status: 'active' }]);

    await single(p.auth, g3._id, 50); // at 1.50 exactly, lost: counts 50, the requirement is met
    await kickOff(s, g3);
    expect((await result(s, g3._id, 'B')).status).toBe(200);
    await eventually(async () => (await grantsOf(s, p.auth))[0].status === 'converted', 15_000);
    expect(await grantsOf(s, p.auth)).toMatchObject([
      { amount: 25, wagered: 100, required: 100, remaining: 0, status: 'converted' },
    ]);
    expect(await walletOf(s, p.auth)).toMatchObject({ walletBalance: 114, bonusBalance: 0 });

    // a correction of a counted bet's result does not count its stake a second time
    expect((await result(s, g1._id, 'B', true)).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 9, 15_000);

    expect(await ledgerLines(s, p.id)).toEqual([
      ['topup', 'provider_clearing', -8_000, null],
      ['topup', 'U', 8_000, 8_000],
      ['bonus_grant', 'promotions', -2_500, null],
      ['bonus_grant', 'bonus:U', 2_500, 2_500],
      ['bet', 'U', -5_000, 3_000],
      ['bet', 'bets_in_play', 5_000, null],
      ['bet', 'U', -1_000, 2_000],
      ['bet', 'bets_in_play', 1_000, null],
      ['win', 'U', 10_500, 12_500],
      ['win', 'bets_in_play', -5_000, null],
      ['win', 'house', -5_500, null],
      ['win', 'U', 1_400, 13_900],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -400, null],
      ['bet', 'U', -5_000, 8_900],
      ['bet', 'bets_in_play', 5_000, null],
      ['stake_lost', 'bets_in_play', -5_000, null],
      ['stake_lost', 'house', 5_000, null],
      ['bonus_conversion', 'bonus:U', -2_500, 0],
      ['bonus_conversion', 'U', 2_500, 11_400],
      ['adjustment', 'U', -10_500, 900],
      ['adjustment', 'house', 10_500, null],
    ]);
    expect(await grantsOf(s, p.auth)).toMatchObject([{ wagered: 100, status: 'converted' }]);
    expect(await failedChecks(s)).toEqual([]);
  }, 90_000);

  it('forfeits what is left at expiry as a ledger movement; an old bets.settled (no odds) counts nothing', async () => {
    const p = await player(s, 0);
    await claimDepositMatch(s, p.id, { ...MATCH, percent: 100, capCents: 1_000, wageringMultiplier: 5 });
    await deposit(s, p.auth, 20); // $10 bonus, $50 to wager
    const g = await game(s, { home: 2, draw: 3, away: 4 });
    await single(p.auth, g._id, 15);
    await kickOff(s, g);
    expect((await result(s, g._id, 'B')).status).toBe(200);
    await eventually(async () => (await grantsOf(s, p.auth))[0].wagered === 15, 15_000);

    // an event as betting sent it before issue 33: settled, but no odds to check, so not counted
    const data = {
      betId: newId(),
      userId: p.id,
      status: 'lost' as const,
      stakeCents: 3_000,
      payoutCents: 0,
      settledAt: new Date().toISOString(),
    };
    await s.infra.bus.publish({
      id: newId(),
      subject: BetsSettled.subject,
      version: 1,
      occurredAt: data.settledAt,
      data,
    });
    await eventually(
      async () =>
        (await s.wallet.ctx.db
          .selectFrom('bet_settlements')
          .select('bet_id')
          .where('bet_id', '=', data.betId)
          .executeTakeFirst()) !== undefined,
      15_000,
    );
    expect(await grantsOf(s, p.auth)).toMatchObject([{ wagered: 15, required: 50, status: 'active' }]);

    // the expiry job, a week and a day later
    expect(
      await expireDueGrants(s.wallet.ctx as any, new Date(Date.now() + 8 * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await grantsOf(s, p.auth)).toMatchObject([
      { amount: 10, remaining: 0, wagered: 15, status: 'expired' },
    ]);
    expect(await walletOf(s, p.auth)).toMatchObject({ walletBalance: 5, bonusBalance: 0 });
    expect(await ledgerLines(s, p.id)).toEqual([
      ['topup', 'provider_clearing', -2_000, null],
      ['topup', 'U', 2_000, 2_000],
      ['bonus_grant', 'promotions', -1_000, null],
      ['bonus_grant', 'bonus:U', 1_000, 1_000],
      ['bet', 'U', -1_500, 500],
      ['bet', 'bets_in_play', 1_500, null],
      ['stake_lost', 'bets_in_play', -1_500, null],
      ['stake_lost', 'house', 1_500, null],
      ['bonus_expiry', 'bonus:U', -1_000, 0],
      ['bonus_expiry', 'promotions', 1_000, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
  }, 90_000);
});
