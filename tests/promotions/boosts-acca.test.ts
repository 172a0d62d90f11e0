import { type RunningService, startService } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminService } from '../../services/admin/src/index';
import { game, goLive, kickOff, player, result } from '../betting/stack';
import {
  adminPromotions,
  claimFreeBet,
  eventually,
  failedChecks,
  inject,
  ledgerLines,
  type PromoStack,
  startPromoStack,
  walletOf,
} from './stack';

/**
 * Issue 33, odds boosts and the accumulator bonus end to end (decision betting-009): the admin
 * creates the promotion, betting learns it from promotion.created, a boosted single is priced
 * at the boost and paid exactly that, a multi gets the tier of its legs (re-tiered on the legs
 * that won) and the wallet pays the bonus as its own line from the promotions account. Every
 * ledger line to the cent, the wallet's reconciliation afterwards, and the admin's uptake and
 * cost of each promotion.
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

async function betOf(auth: Record<string, string>, id: string) {
  return (await inject(s.betting, 'GET', `/api/v1/bets/${id}`, auth)).body.bet;
}

describe('odds boosts', () => {
  it('a boosted single that wins is paid at the boosted price; the refusals say why', async () => {
    const g = await game(s); // home 2.10, away 3.60
    const boostId = await promos.create('OddsBoost', {
      kind: 'odds_boost',
      gameId: g._id,
      market: '1x2',
      outcome: 'A',
      boostedOdds: 3,
      maxStake: 20,
    });
    const p = await player(s, 50);
    const pick = { gameId: g._id, outcome: 'A', boostId };

    const over = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 20.01,
      selections: [pick],
    });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('The maximum stake on this odds boost is $20.00.');
    const other = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 5,
      selections: [{ ...pick, outcome: 'B' }],
    });
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe('This odds boost is for another pick.');
    const token = await claimFreeBet(s, p.id, {
      kind: 'free_bet',
      amountCents: 500,
      minOddsMilli: 1_500,
      expiresInDays: 7,
    });
    const free = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 5,
      selections: [pick],
      freeBetId: token,
    });
    expect(free.status).toBe(400);
    expect(free.body.msg).toBe('A free bet cannot be placed at a boosted price.');

    const placed = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 20,
      selections: [{ ...pick, odds: 3 }],
    });
    expect(placed.status).toBe(201);
    const bet = placed.body.bets[0];
    expect(bet).toMatchObject({ stake: 20, totalOdds: 3, potentialPayout: 60 });
    expect(bet.selections[0]).toMatchObject({ odds: 3, boost: { promotionId: boostId, baseOdds: 2.1 } });
    expect(placed.body.balance).toBe(30);

    // a boosted bet is not cashed out (its extra price is for the result)
    await goLive(s, g, { home: 1.5, draw: 4, away: 7 });
    const cash = await inject(s.betting, 'POST', `/api/v1/bets/${bet._id}/cash-out`, p.auth);
    expect(cash.status).toBe(422);
    expect(cash.body.msg).toBe('A boosted bet cannot be cashed out.');
    expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 90, 15_000);
    expect(await betOf(p.auth, bet._id)).toMatchObject({ status: 'won', payout: 60 });
    expect(await ledgerLines(s, p.id)).toEqual([
      ['adjustment', 'U', 5_000, 5_000], // the test's funding
      ['adjustment', 'house', -5_000, null],
      ['bet', 'U', -2_000, 3_000],
      ['bet', 'bets_in_play', 2_000, null],
      ['win', 'U', 6_000, 9_000],
      ['win', 'bets_in_play', -2_000, null],
      ['win', 'house', -4_000, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
    // the admin's uptake and cost: one bet, 60.00 − 20 × 2.10 = 18.00 over the model price
    await eventually(async () => (await promos.row(boostId))?.cost === 18, 15_000);
    expect(await promos.row(boostId)).toMatchObject({ uptake: 1, cost: 18 });
  }, 120_000);

  it('a percent boost that loses: priced at the model price × (1 + percent) rounded down; suspended markets refuse it', async () => {
    const g = await game(s); // away 3.60
    const boostId = await promos.create('OddsBoost', {
      kind: 'odds_boost',
      gameId: g._id,
      market: '1x2',
      outcome: 'B',
      boostPercent: 12.5,
      maxStake: 100,
    });
    const p = await player(s, 30);
    const placed = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 12.34,
      selections: [{ gameId: g._id, outcome: 'B', boostId }],
    });
    expect(placed.status).toBe(201);
    // 3.60 × 1.125 = 4.05; 12.34 × 4.05 = 49.977 → 49.97
    expect(placed.body.bets[0]).toMatchObject({ totalOdds: 4.05, potentialPayout: 49.97 });

    const suspended = await inject(
      s.games,
      'PATCH',
      `/api/v1/admin/games/${g._id}/markets/1x2/suspend`,
      s.admin,
    );
    expect(suspended.status).toBe(200);
    await eventually(async () => {
      const r: any = await s.betting.ctx.db
        .selectFrom('games')
        .select('suspended_markets')
        .where('id', '=', g._id)
        .executeTakeFirst();
      return JSON.stringify(r?.suspended_markets ?? []).includes('1x2');
    });
    const refused = await inject(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 1,
      selections: [{ gameId: g._id, outcome: 'B', boostId }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toMatch(/market .* is suspended/);

    await kickOff(s, g);
    expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(
      async () => (await ledgerLines(s, p.id)).some(([type]) => type === 'stake_lost'),
      15_000,
    );
    expect(await ledgerLines(s, p.id)).toEqual([
      ['adjustment', 'U', 3_000, 3_000],
      ['adjustment', 'house', -3_000, null],
      ['bet', 'U', -1_234, 1_766],
      ['bet', 'bets_in_play', 1_234, null],
      ['stake_lost', 'bets_in_play', -1_234, null],
      ['stake_lost', 'house', 1_234, null],
    ]);
    expect(await failedChecks(s)).toEqual([]);
    await eventually(async () => (await promos.row(boostId))?.uptake === 1, 15_000);
    expect(await promos.row(boostId)).toMatchObject({ uptake: 1, cost: 0 });
  }, 120_000);
});

describe('accumulator bonus', () => {
  let accaId: string;
  beforeAll(async () => {
    accaId = await promos.create('Bonus', {
      kind: 'acca_bonus',
      tiers: [
        { legs: 3, percent: 5 },
        { legs: 4, percent: 10 },
      ],
      minOddsPerLeg: 1.5,
    });
  }, 30_000);

  const games = (n: number) =>
    Promise.all(Array.from({ length: n }, () => game(s, { home: 2, draw: 3, away: 4 })));
  const multi = (auth: Record<string, string>, ids: string[], stake = 10) =>
    inject(s.betting, 'POST', '/api/v1/bets/multi', auth, {
      stake,
      selections: ids.map((gameId) => ({ gameId, outcome: 'A' })),
    });

  it('a four-leg multi that wins every leg: 10 % of the net winnings, its own ledger line', async () => {
    const p = await player(s, 11);
    const gs = await games(4);
    const placed = await multi(
      p.auth,
      gs.map((g) => g._id),
    );
    expect(placed.status).toBe(201);
    // 10 × 2⁴ = 160.00; 10 % of 150.00 = 15.00
    const bet = placed.body.bets[0];
    expect(bet).toMatchObject({
      totalOdds: 16,
      potentialPayout: 160,
      accaPromotionId: accaId,
      accaBonusPercent: 10,
      accaBonus: 15,
    });
    // a leg under the minimum odds: no bonus at all
    const low = await inject(s.betting, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 1,
      selections: [
        { gameId: (await game(s, { home: 1.4, draw: 4, away: 6 }))._id, outcome: 'A' },
        ...gs.slice(0, 3).map((g) => ({ gameId: g._id, outcome: 'B' })),
      ],
    });
    expect(low.status).toBe(201);
    expect(low.body.bets[0].accaBonusPercent).toBeUndefined();

    for (const g of gs) expect((await result(s, g._id, 'A')).status).toBe(200);
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 175, 20_000);
    expect(await betOf(p.auth, bet._id)).toMatchObject({
      status: 'won',
      payout: 175,
      accaBonusPercent: 10,
      accaBonus: 15,
    });
    const lines = (await ledgerLines(s, p.id)).filter(([type]) => type !== 'stake_lost');
    expect(lines).toEqual([
      ['adjustment', 'U', 1_100, 1_100],
      ['adjustment', 'house', -1_100, null],
      ['bet', 'U', -1_000, 100],
      ['bet', 'bets_in_play', 1_000, null],
      ['bet', 'U', -100, 0], // the low-odds multi (lost: its stake_lost lines are left out)
      ['bet', 'bets_in_play', 100, null],
      ['win', 'U', 16_000, 16_000],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -15_000, null],
      ['acca_bonus', 'promotions', -1_500, null],
      ['acca_bonus', 'U', 1_500, 17_500],
    ]);
    expect(await failedChecks(s)).toEqual([]);
    // the bonus is promotion money granted: audited (no actor), with its bet
    await eventually(async () => {
      const log = await inject(
        admin,
        'GET',
        `/api/v1/admin/audit-log?entityId=${p.id}&action=bonus.acca`,
        s.admin,
      );
      return log.body.entries?.some(
        (e: any) => e.after?.betId === bet._id && e.after?.amount === 15 && e.actor._id === null,
      );
    }, 15_000);
  }, 120_000);

  it('a multi that loses pays no bonus; one with a void leg is re-tiered on the legs that won', async () => {
    const p = await player(s, 20);
    const lost = await games(3);
    const lostBet = (
      await multi(
        p.auth,
        lost.map((g) => g._id),
      )
    ).body.bets[0];
    expect(lostBet).toMatchObject({ potentialPayout: 80, accaBonusPercent: 5, accaBonus: 3.5 });
    const voided = await games(4);
    const voidBet = (
      await multi(
        p.auth,
        voided.map((g) => g._id),
      )
    ).body.bets[0];
    expect(voidBet).toMatchObject({ accaBonusPercent: 10, accaBonus: 15 });

    expect((await result(s, lost[0]._id, 'B')).status).toBe(200);
    await eventually(
      async () => (await ledgerLines(s, p.id)).some(([type]) => type === 'stake_lost'),
      15_000,
    );
    expect((await inject(s.games, 'PATCH', `/api/v1/games/${voided[0]._id}/cancel`, s.admin)).status).toBe(
      200,
    );
    for (const g of voided.slice(1)) expect((await result(s, g._id, 'A')).status).toBe(200);
    // three legs won: 10 × 2³ = 80.00, the 3-leg tier: 5 % of 70.00 = 3.50
    await eventually(async () => (await walletOf(s, p.auth)).walletBalance === 83.5, 20_000);
    expect(await betOf(p.auth, voidBet._id)).toMatchObject({
      status: 'won',
      payout: 83.5,
      accaBonusPercent: 5,
      accaBonus: 3.5,
    });
    await eventually(async () => (await betOf(p.auth, lostBet._id)).status === 'lost', 15_000);
    expect(await betOf(p.auth, lostBet._id)).toMatchObject({ payout: 0, accaBonus: 0 });
    expect(await ledgerLines(s, p.id)).toEqual([
      ['adjustment', 'U', 2_000, 2_000],
      ['adjustment', 'house', -2_000, null],
      ['bet', 'U', -1_000, 1_000],
      ['bet', 'bets_in_play', 1_000, null],
      ['bet', 'U', -1_000, 0],
      ['bet', 'bets_in_play', 1_000, null],
      ['stake_lost', 'bets_in_play', -1_000, null],
      ['stake_lost', 'house', 1_000, null],
      ['win', 'U', 8_000, 8_000],
      ['win', 'bets_in_play', -1_000, null],
      ['win', 'house', -7_000, null],
      ['acca_bonus', 'promotions', -350, null],
      ['acca_bonus', 'U', 350, 8_350],
    ]);
    expect(await failedChecks(s)).toEqual([]);
    // uptake: every multi that took the bonus (the first test's and these two); cost: 15.00 + 3.50
    await eventually(async () => (await promos.row(accaId))?.cost === 18.5, 15_000);
    expect(await promos.row(accaId)).toMatchObject({ uptake: 3, cost: 18.5 });
  }, 120_000);
});
