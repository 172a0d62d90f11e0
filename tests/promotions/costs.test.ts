import { newId, type RunningService, startService } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { republishPromotions } from '../../services/admin/src/app/promotions';
import { adminService } from '../../services/admin/src/index';
import { insertPromotion } from '../../services/admin/src/store/promotions';
import { game, kickOff, player, result } from '../betting/stack';
import {
  adminPromotions,
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
let promos: ReturnType<typeof adminPromotions>;
beforeAll(async () => {
  s = await startPromoStack();
  admin = await startService(adminService, s.infra);
  promos = adminPromotions(s, admin);
}, 60_000);
afterAll(async () => {
  await admin?.stop();
  await s?.close();
});

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
    const promoId = await promos.create('FreeBet', {
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
    await eventually(async () => (await promos.row(promoId))?.uptake === 2, 15_000);

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
    await eventually(async () => (await promos.row(promoId))?.cost === 11, 15_000);
    expect(await promos.row(promoId)).toMatchObject({ uptake: 2, cost: 11 });
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

describe('a correction of a multi with an accumulator bonus', () => {
  it('moves the bonus difference against the promotions account, the rest against the house', async () => {
    const accaId = await promos.create('Bonus', {
      kind: 'acca_bonus',
      tiers: [{ legs: 2, percent: 10 }],
      minOddsPerLeg: 1.5,
    });
    await eventually(async () =>
      s.betting.ctx.db.selectFrom('promotions').select('id').where('id', '=', accaId).executeTakeFirst(),
    );
    const p = await player(s, 10);
    const [g1, g2] = await Promise.all([
      game(s, { home: 2, draw: 3, away: 4 }),
      game(s, { home: 2, draw: 3, away: 4 }),
    ]);
    const placed = await inject(s.betting, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 10,
      selections: [
        { gameId: g1._id, outcome: 'A' },
        { gameId: g2._id, outcome: 'A' },
      ],
    });
    expect(placed.status).toBe(201);
    // 10 × 2 × 2 = 40.00; 10 % of the 30.00 won = 3.00
    expect(placed.body.bets[0]).toMatchObject({ potentialPayout: 40, accaBonusPercent: 10, accaBonus: 3 });
    await Promise.all([kickOff(s, g1), kickOff(s, g2)]);
    expect((await result(s, g1._id, 'A')).status).toBe(200);
    expect((await result(s, g2._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 43, 15_000);

    // corrected to lost: 43.00 back, 40.00 to the house and 3.00 to promotions
    expect((await result(s, g2._id, 'B', true)).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 0, 15_000);
    // and back to won: 40.00 from the house, 3.00 from promotions
    expect((await result(s, g2._id, 'A', true)).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 43, 15_000);
    expect(await ledgerLines(s, p.id)).toEqual([
      ['adjustment', 'U', 1_000, 1_000],
      ['adjustment', 'house', -1_000, null],
      ['bet', 'U', -1_000, 0],
      ['bet', 'bets_in_play', 1_000, null],
      ['win', 'U', 4_000, 4_000],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -3_000, null],
      ['acca_bonus', 'promotions', -300, null],
      ['acca_bonus', 'U', 300, 4_300],
      ['adjustment', 'U', -4_000, 300],
      ['adjustment', 'house', 4_000, null],
      ['acca_bonus', 'U', -300, 0],
      ['acca_bonus', 'promotions', 300, null],
      ['win', 'U', 4_000, 4_000],
      ['win', 'house', -4_000, null],
      ['acca_bonus', 'promotions', -300, null],
      ['acca_bonus', 'U', 300, 4_300],
    ]);
    expect(await failedChecks(s)).toEqual([]);
    // the admin's cost of the acca bonus follows the latest result: 3.00
    await eventually(async () => (await promos.row(accaId))?.cost === 3, 15_000);
  }, 120_000);
});

describe('promotions made before betting kept a copy', () => {
  it('reach betting when the admin starts (it republishes every promotion), and again without change', async () => {
    // an acca bonus in the admin's table that was never announced (made before betting consumed promotions)
    const id = newId();
    await insertPromotion(
      admin.ctx.db,
      {
        id,
        title: 'Old acca bonus',
        description: 'made before',
        promoType: 'Bonus',
        isActive: true,
        expiresAt: null,
        rules: { kind: 'acca_bonus', tiers: [{ legs: 5, percent: 25 }], minOddsPerLeg: 1.2 },
      },
      new Date(),
    );
    const copy = () =>
      s.betting.ctx.db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await copy()).toBeUndefined();
    // another admin replica starts (as after a deploy): betting learns it
    const second = await startService(adminService, s.infra);
    try {
      await eventually(async () => (await copy()) !== undefined, 15_000);
      const first = await copy();
      expect(first).toMatchObject({ is_active: true });
      // republishing again changes nothing but the event time it is guarded by
      await republishPromotions(second.ctx as any);
      await eventually(async () => (await copy())!.version_at > first!.version_at, 15_000);
      expect({ ...(await copy()), version_at: null }).toEqual({ ...first, version_at: null });
    } finally {
      await second.stop();
    }
  }, 60_000);
});
