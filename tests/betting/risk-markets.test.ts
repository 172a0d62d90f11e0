import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, game, player, type Stack, startStack } from './stack';

/**
 * Issue 32 item 7 against the real games, wallet and betting services: the admin risk answer
 * of one game keeps the spec's 1X2 `outcomes` and adds its exposure by market and outcome,
 * each figure to the cent (singles at the model's prices, and a multi counting in full).
 */
let s: Stack;
/** the liability limit per game, market and outcome (betting-008), small enough to read a headroom */
const LIMIT = 500;
beforeAll(async () => {
  s = await startStack({ MAX_LIABILITY: String(LIMIT) });
}, 90_000);
/** the limit and what is left of it beside an exposure of `cents` */
const lim = (cents: number) => ({ liabilityLimit: LIMIT, headroom: Math.max(0, LIMIT * 100 - cents) / 100 });
afterAll(async () => {
  await s?.close();
});

/** betting's read model of a game's market prices (hundredths) */
async function prices(id: string): Promise<Record<string, Record<string, number>>> {
  let odds: any;
  await eventually(async () => {
    const r: any = await s.betting.ctx.db
      .selectFrom('games' as any)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    odds = r?.market_odds;
    return odds?.['ou_2.5']?.over > 100 && odds?.btts?.yes > 100 && odds?.cs?.['2-1'] > 100;
  });
  return odds;
}

describe("a game's exposure by market", () => {
  it('adds `markets` beside the unchanged 1X2 outcomes, every figure to the cent', async () => {
    const g = await game(s, { home: 2.1, draw: 3.2, away: 3.6 });
    const other = await game(s, { home: 1.5, draw: 4, away: 6 });
    const odds = await prices(g._id);
    const p = await player(s, 1000);
    const single = async (market: string | undefined, outcome: string, stake: number) => {
      const res = await api(s.betting, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: stake,
        selections: [{ gameId: g._id, ...(market ? { market } : {}), outcome }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await single(undefined, 'A', 10); // 1X2 without a market, as the spec sends it
    await single('1x2', 'A', 3);
    await single('ou_2.5', 'over', 7);
    await single('ou_2.5', 'over', 2);
    await single('ou_2.5', 'under', 4);
    await single('btts', 'yes', 5);
    await single('cs', '2-1', 1);
    // a multi: its whole stake and payout count toward the game's 1X2 home
    const multi = await api(s.betting, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 6,
      selections: [
        { gameId: g._id, outcome: 'A' },
        { gameId: other._id, market: 'btts', outcome: 'no' },
      ],
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(201);
    const multiPayout = multi.body.bets[0].potentialPayout;
    expect(Math.round(multiPayout * 100)).toBe(Math.round(6 * multi.body.bets[0].totalOdds * 100));

    const cents = (dollars: number, hundredths: number) => dollars * hundredths; // whole dollars: exact
    const homeCents = cents(10, 210) + cents(3, 210) + Math.round(multiPayout * 100);
    const overCents = cents(9, odds['ou_2.5'].over);
    const underCents = cents(4, odds['ou_2.5'].under);
    const bttsCents = cents(5, odds.btts.yes);
    const csCents = cents(1, odds.cs['2-1']);

    let a: any;
    await eventually(async () => {
      const res = await api(s.betting, 'GET', `/api/v1/admin/games/${g._id}/risk`, s.admin);
      a = res.body.analysis;
      return res.status === 200 && a.outcomes.A.betCount === 3 && a.markets.length === 4;
    });
    // the spec's fields, as they were
    expect(a.outcomes).toEqual({
      A: { betCount: 3, totalStake: 19, totalPotentialPayout: homeCents / 100 },
      Draw: { betCount: 0, totalStake: 0, totalPotentialPayout: 0 },
      B: { betCount: 0, totalStake: 0, totalPotentialPayout: 0 },
    });
    expect(a.totalExposure * 100).toBeCloseTo(homeCents + overCents + underCents + bttsCents + csCents, 6);

    expect(a.liabilityLimit).toBe(LIMIT);
    expect(a.markets.map((m: any) => m.key)).toEqual(['1x2', 'ou_2.5', 'btts', 'cs']);
    const [x12, ou, btts, cs] = a.markets;
    expect(x12).toEqual({
      key: '1x2',
      name: 'Match Result',
      betCount: 3,
      totalStake: 19,
      totalPotentialPayout: homeCents / 100,
      liability: homeCents / 100,
      ...lim(homeCents),
      outcomes: [
        {
          outcome: 'A',
          label: g.homeTeam,
          betCount: 3,
          totalStake: 19,
          totalPotentialPayout: homeCents / 100,
          ...lim(homeCents),
        },
        { outcome: 'Draw', label: 'Draw', betCount: 0, totalStake: 0, totalPotentialPayout: 0, ...lim(0) },
        { outcome: 'B', label: g.awayTeam, betCount: 0, totalStake: 0, totalPotentialPayout: 0, ...lim(0) },
      ],
    });
    expect(ou).toEqual({
      key: 'ou_2.5',
      name: 'Total Goals 2.5',
      betCount: 3,
      totalStake: 13,
      totalPotentialPayout: (overCents + underCents) / 100,
      liability: Math.max(overCents, underCents) / 100,
      ...lim(Math.max(overCents, underCents)),
      outcomes: [
        {
          outcome: 'over',
          label: 'Over 2.5',
          betCount: 2,
          totalStake: 9,
          totalPotentialPayout: overCents / 100,
          ...lim(overCents),
        },
        {
          outcome: 'under',
          label: 'Under 2.5',
          betCount: 1,
          totalStake: 4,
          totalPotentialPayout: underCents / 100,
          ...lim(underCents),
        },
      ],
    });
    expect(btts.outcomes).toEqual([
      {
        outcome: 'yes',
        label: 'BTTS Yes',
        betCount: 1,
        totalStake: 5,
        totalPotentialPayout: bttsCents / 100,
        ...lim(bttsCents),
      },
      { outcome: 'no', label: 'BTTS No', betCount: 0, totalStake: 0, totalPotentialPayout: 0, ...lim(0) },
    ]);
    expect(btts.liability).toBe(bttsCents / 100);
    // correct score lists only the scores bet on
    expect(cs).toMatchObject({ name: 'Correct Score', betCount: 1, totalStake: 1, liability: csCents / 100 });
    expect(cs.outcomes).toEqual([
      {
        outcome: '2-1',
        label: 'Correct Score 2-1',
        betCount: 1,
        totalStake: 1,
        totalPotentialPayout: csCents / 100,
        ...lim(csCents),
      },
    ]);
  }, 60_000);
});
