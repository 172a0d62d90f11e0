import { type RunningService, startService } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminService } from '../../services/admin/src/index';
import { game, kickOff, player, result } from '../betting/stack';
import {
  eventually,
  failedChecks,
  inject,
  ledgerLines,
  type PromoStack,
  startPromoStack,
  walletOf,
} from './stack';

/**
 * Issue 33, decision betting-010: what a promotion costs, counted by the admin through the real
 * services. A FreeBet's cost is what its tokens paid the players (winnings; a loss costs
 * nothing); its uptake is its claims.
 */
let s: PromoStack;
let admin: RunningService<any>;
beforeAll(async () => {
  s = await startPromoStack();
  admin = await startService(adminService, s.infra);
}, 60_000);
afterAll(async () => {
  await admin?.stop();
  await s?.close();
});

async function promotion(promoType: 'OddsBoost' | 'Bonus' | 'FreeBet', rules: Record<string, unknown>) {
  const res = await inject(admin, 'POST', '/api/v1/promotions', s.admin, {
    title: `${promoType} ${Date.now()}`,
    description: 'test offer',
    promoType,
    rules,
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function promotionRow(id: string) {
  const all = await inject(admin, 'GET', '/api/v1/promotions/all', s.admin);
  return all.body.promotions.find((p: { _id: string }) => p._id === id);
}

/** A player's claim through the admin's route, and the token the wallet issued for it. */
async function claimToken(auth: Record<string, string>, promotionId: string): Promise<string> {
  await eventually(
    async () => (await inject(admin, 'POST', `/api/v1/promotions/${promotionId}/claim`, auth)).status === 201,
    15_000,
  );
  const mine = await inject(s.wallet, 'GET', '/api/v1/promotions/mine', auth);
  const claim = mine.body.promotions.find((p: any) => p.promotionId === promotionId);
  return claim.freeBets[0]._id as string;
}

describe('the cost of a free-bet promotion', () => {
  it('counts what its tokens paid: a win its winnings, a loss nothing; its uptake is its claims', async () => {
    const promoId = await promotion('FreeBet', {
      kind: 'free_bet',
      amount: 10,
      minOdds: 1.8,
      expiresInDays: 7,
    });
    const [winner, loser] = await Promise.all([player(s, 0), player(s, 0)]);
    const [wonToken, lostToken] = [
      await claimToken(winner.auth, promoId),
      await claimToken(loser.auth, promoId),
    ];
    await eventually(async () => (await promotionRow(promoId))?.uptake === 2, 15_000);

    const g = await game(s); // home 2.10
    for (const [p, token, outcome] of [
      [winner, wonToken, 'A'],
      [loser, lostToken, 'B'],
    ] as const) {
      const placed = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 10,
        selections: [{ gameId: g._id, outcome }],
        freeBetId: token,
      });
      expect(placed.status).toBe(201);
    }
    await kickOff(s, g);
    expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, winner.auth)).walletBalance === 11, 15_000);
    // 10 × 2.10 − 10 = 11.00 paid to the winner; the loser's token cost nothing more
    await eventually(async () => (await promotionRow(promoId))?.cost === 11, 15_000);
    expect(await promotionRow(promoId)).toMatchObject({ uptake: 2, cost: 11 });
    expect(await ledgerLines(s, winner.id)).toEqual([
      ['free_bet_stake', 'promotions', -1_000, null],
      ['free_bet_stake', 'bets_in_play', 1_000, null],
      ['win', 'U', 1_100, 1_100],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -100, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
  }, 90_000);
});
