import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { BettingOpenBets, type CommandReply, validate } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, Games, type Harness, player, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness({ env: { HIGH_RISK_EXPOSURE: '100', PUBLIC_URL: 'https://bet.example/' } });
  games = new Games(h);
});
afterAll(async () => h?.close());

type P = Awaited<ReturnType<typeof player>>;
const single = async (p: P, gameId: string, outcome: string, stake: number) => {
  const r = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
    stakePerBet: stake,
    selections: [{ gameId, outcome }],
  });
  expect(r.status).toBe(201);
  return r.body.bets[0];
};
const settledAll = async (p: P, n: number) =>
  eventually(async () => {
    const list = (await call(h, 'GET', '/api/v1/bets?limit=100', p.auth)).body.bets;
    return list.filter((b: any) => b.status !== 'pending').length >= n;
  });

describe('bet history', () => {
  let p: P;
  let ids: string[];
  beforeAll(async () => {
    p = await player(h);
    const gs = await Promise.all([
      games.create(),
      games.create({ odds: { home: 5, draw: 4, away: 1.5 } }),
      games.create(),
    ]);
    ids = [];
    ids.push((await single(p, gs[0]._id, 'A', 5))._id); // won 10.50
    ids.push((await single(p, gs[1]._id, 'A', 20))._id); // won 100.00
    ids.push((await single(p, gs[2]._id, 'B', 1))._id); // pending
    const m = await call(h, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 2,
      selections: [
        { gameId: gs[0]._id, outcome: 'B' },
        { gameId: gs[2]._id, outcome: 'A' },
      ],
    });
    ids.push(m.body.bets[0]._id); // lost on gs[0]
    await games.settle(gs[0]._id, 'A');
    await games.settle(gs[1]._id, 'A');
    await settledAll(p, 3);
  });

  it('lists only the caller’s bets, newest first, 12 a page by default', async () => {
    const other = await player(h);
    expect((await call(h, 'GET', '/api/v1/bets', other.auth)).body).toEqual({
      bets: [],
      currentPage: 1,
      totalPages: 1,
    });
    const res = await call(h, 'GET', '/api/v1/bets', p.auth);
    expect(res.status).toBe(200);
    expect(res.body.currentPage).toBe(1);
    expect(res.body.totalPages).toBe(1);
    expect(res.body.bets.map((b: any) => b._id)).toEqual([...ids].reverse());
    const multi = res.body.bets[0];
    expect(multi).toMatchObject({ betType: 'multi', status: 'lost', stake: 2, totalOdds: 7.56 });
    expect(multi.selections[0]).toMatchObject({
      outcome: 'B',
      result: 'lost',
      game: { status: 'finished', homeTeam: 'Enyimba' },
    });
    expect(multi.selections[1]).toMatchObject({ outcome: 'A', result: null, game: { status: 'upcoming' } });
  });

  it('filters by status and sorts by stake, payout or total odds, pages with limit', async () => {
    const won = await call(h, 'GET', '/api/v1/bets?status=won&sortBy=payout&order=desc', p.auth);
    expect(won.body.bets.map((b: any) => b.payout)).toEqual([100, 10.5]);
    const byStake = await call(h, 'GET', '/api/v1/bets?sortBy=stake&order=asc', p.auth);
    expect(byStake.body.bets.map((b: any) => b.stake)).toEqual([1, 2, 5, 20]);
    const byOdds = await call(h, 'GET', '/api/v1/bets?sortBy=totalOdds&order=desc&limit=2&page=2', p.auth);
    expect(byOdds.body).toMatchObject({ currentPage: 2, totalPages: 2 });
    expect(byOdds.body.bets.map((b: any) => b.totalOdds)).toEqual([3.6, 2.1]);
    const pending = await call(h, 'GET', '/api/v1/bets?status=pending', p.auth);
    expect(pending.body.bets.map((b: any) => b._id)).toEqual([ids[2]]);
  });

  it('filters by dates (a date-only end date covers the whole day, in UTC)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await call(h, 'GET', `/api/v1/bets?startDate=${today}&endDate=${today}`, p.auth)).body.bets,
    ).toHaveLength(4);
    expect((await call(h, 'GET', `/api/v1/bets?startDate=${tomorrow}`, p.auth)).body.bets).toHaveLength(0);
    expect((await call(h, 'GET', '/api/v1/bets?endDate=2001-01-01', p.auth)).body.bets).toHaveLength(0);
    const bad = await call(h, 'GET', '/api/v1/bets?startDate=yesterday-ish', p.auth);
    expect(bad).toMatchObject({
      status: 400,
      body: { msg: 'startDate must be a date (YYYY-MM-DD) or a date-time' },
    });
    const reversed = await call(h, 'GET', `/api/v1/bets?startDate=${tomorrow}&endDate=${today}`, p.auth);
    expect(reversed).toMatchObject({ status: 400, body: { msg: 'endDate must not be before startDate' } });
  });

  it('refuses a date Postgres cannot store with a 400, not a 500', async () => {
    const early = await call(h, 'GET', '/api/v1/bets?startDate=-100000-01-01T00:00:00.000Z', p.auth);
    expect(early).toMatchObject({
      status: 400,
      body: { msg: 'startDate must be a date (YYYY-MM-DD) or a date-time' },
    });
  });

  it('refuses bad query values and other people’s bets', async () => {
    expect((await call(h, 'GET', '/api/v1/bets?limit=101', p.auth)).status).toBe(400);
    expect((await call(h, 'GET', '/api/v1/bets?sortBy=user', p.auth)).status).toBe(400);
    expect((await call(h, 'GET', '/api/v1/bets?status=rejected', p.auth)).status).toBe(400);
    expect((await call(h, 'GET', '/api/v1/bets')).status).toBe(401);
    const stranger = await player(h);
    // another user's bet and no bet answer alike (issue 13, item 18)
    expect(await call(h, 'GET', `/api/v1/bets/${ids[0]}`, stranger.auth)).toMatchObject({
      status: 404,
      body: { msg: 'Bet not found' },
    });
    expect((await call(h, 'GET', `/api/v1/bets/${newId()}`, p.auth)).status).toBe(404);
  });

  it('admins read any user’s bets, filtered by betStatus; players cannot', async () => {
    const admin = { authorization: `Bearer ${await h.infra.token({ role: 'admin' })}` };
    const res = await call(h, 'GET', `/api/v1/admin/users/${p.id}/bets?betStatus=won`, admin);
    expect(res.status).toBe(200);
    expect(res.body.bets.map((b: any) => b._id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await call(h, 'GET', `/api/v1/bets/${ids[0]}`, admin)).status).toBe(200);
    expect(await call(h, 'GET', `/api/v1/admin/users/${p.id}/bets`, p.auth)).toMatchObject({
      status: 403,
      body: { msg: 'Admin access required' },
    });
  });

  it('answers betting.open_bets for identity', async () => {
    const reply = await h.infra.bus.request<CommandReply<typeof BettingOpenBets>>(BettingOpenBets.subject, {
      userId: p.id,
    });
    expect(validate(BettingOpenBets.reply, reply)).toEqual([]);
    expect(reply).toEqual({ userId: p.id, pendingBets: 1 });
    expect(await h.infra.bus.request(BettingOpenBets.subject, { userId: newId() })).toMatchObject({
      pendingBets: 0,
    });
  });
});

describe('leaderboards and stats', () => {
  it('ranks winners by net profit per period, usernames only, and the highest odds won', async () => {
    const g = await games.create({ odds: { home: 9.5, draw: 5, away: 1.2 } });
    const big = await player(h, 100_000, `bigwinner_${newId().slice(-4)}`);
    const small = await player(h, 100_000, `smallwinner_${newId().slice(-4)}`);
    const loser = await player(h, 100_000, `loser_${newId().slice(-4)}`);
    await single(big, g._id, 'A', 100); // +850
    await single(small, g._id, 'A', 1); // +8.50
    await single(loser, g._id, 'B', 50); // -50
    await games.settle(g._id, 'A');
    await settledAll(loser, 1);
    for (const period of ['all-time', 'monthly', 'weekly']) {
      const res = await call(h, 'GET', `/api/v1/leaderboards/winners?period=${period}&limit=100`);
      expect(res.status).toBe(200);
      expect(res.body.period).toBe(period);
      const rows = res.body.leaderboard;
      const names = rows.map((r: any) => r.userDetails.username);
      expect(names.indexOf(big.username)).toBeLessThan(names.indexOf(small.username));
      expect(names).not.toContain(loser.username);
      expect(rows.find((r: any) => r.userDetails.username === big.username)).toEqual({
        userDetails: { username: big.username },
        netProfit: 850,
      });
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(['netProfit', 'userDetails']);
    }
    expect((await call(h, 'GET', '/api/v1/leaderboards/winners')).body.period).toBe('all-time');
    expect((await call(h, 'GET', '/api/v1/leaderboards/winners?period=daily')).status).toBe(400);
    const odds = await call(h, 'GET', '/api/v1/leaderboards/highest-odds?limit=100');
    expect(odds.status).toBe(200);
    expect(odds.body.leaderboard.find((r: any) => r.username === big.username)).toEqual({
      username: big.username,
      odds: 9.5,
    });
    expect(odds.body.leaderboard.filter((r: any) => r.username === big.username)).toHaveLength(1);
    expect(odds.body.leaderboard.map((r: any) => r.username)).not.toContain(loser.username);
    const values = odds.body.leaderboard.map((r: any) => r.odds);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
  });

  it('gives the caller’s last 30 days: won, lost, win rate, net profit, and profit per day', async () => {
    const [g1, g2, g3] = await Promise.all([games.create(), games.create(), games.create()]);
    const p = await player(h);
    await single(p, g1._id, 'A', 10); // +11
    await single(p, g2._id, 'A', 4); // -4
    await single(p, g3._id, 'A', 6); // -6
    await Promise.all([games.settle(g1._id, 'A'), games.settle(g2._id, 'B'), games.settle(g3._id, 'Draw')]);
    await settledAll(p, 3);
    const stats = await call(h, 'GET', '/api/v1/users/stats', p.auth);
    expect(stats).toMatchObject({
      status: 200,
      body: { betsWon: 1, betsLost: 2, winRate: 33.33, netProfit: 1 },
    });
    const history = (await call(h, 'GET', '/api/v1/users/stats/history', p.auth)).body.history;
    expect(history).toHaveLength(30);
    expect(history.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), netProfit: 1 });
    expect(history.slice(0, -1).every((d: any) => d.netProfit === 0)).toBe(true);
    // a settlement more than 30 days ago is outside the window
    await h.svc.ctx.db
      .updateTable('bets')
      .set({ settled_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('user_id', '=', p.id)
      .where('stake_cents', '=', '1000')
      .execute();
    expect((await call(h, 'GET', '/api/v1/users/stats', p.auth)).body).toEqual({
      betsWon: 0,
      betsLost: 2,
      winRate: 0,
      netProfit: -10,
    });
    expect((await call(h, 'GET', '/api/v1/users/stats')).status).toBe(401);
    const fresh = await player(h);
    expect((await call(h, 'GET', '/api/v1/users/stats', fresh.auth)).body).toEqual({
      betsWon: 0,
      betsLost: 0,
      winRate: 0,
      netProfit: 0,
    });
  });
});

describe('risk (admin)', () => {
  it('shows a game’s exposure per outcome, multis counting toward every game they touch', async () => {
    const [g, other] = await Promise.all([games.create(), games.create()]);
    const a = await player(h);
    await single(a, g._id, 'A', 10); // pays 21
    await single(a, g._id, 'A', 20); // pays 42
    await single(a, g._id, 'Draw', 5); // pays 16
    await call(h, 'POST', '/api/v1/bets/multi', a.auth, {
      stake: 10,
      selections: [
        { gameId: g._id, outcome: 'B' },
        { gameId: other._id, outcome: 'A' },
      ],
    }); // pays 10 × 3.60 × 2.10 = 75.60
    const admin = { authorization: `Bearer ${await h.infra.token({ role: 'admin' })}` };
    const risk = await call(h, 'GET', `/api/v1/admin/games/${g._id}/risk`, admin);
    expect(risk.status).toBe(200);
    // the spec's answer is "analysis" (spec 001 §7.1)
    expect(Object.keys(risk.body)).toEqual(['analysis']);
    expect(risk.body.analysis).toMatchObject({
      gameId: g._id,
      gameDetails: {
        homeTeam: 'Enyimba',
        awayTeam: 'Rivers United',
        league: 'Nigeria Premier Football League',
      },
      totalExposure: 154.6,
      outcomes: {
        A: { betCount: 2, totalStake: 30, totalPotentialPayout: 63 },
        Draw: { betCount: 1, totalStake: 5, totalPotentialPayout: 16 },
        B: { betCount: 1, totalStake: 10, totalPotentialPayout: 75.6 },
      },
    });
    const otherRisk = (await call(h, 'GET', `/api/v1/admin/games/${other._id}/risk`, admin)).body.analysis;
    expect(otherRisk.outcomes.A).toEqual({ betCount: 1, totalStake: 10, totalPotentialPayout: 75.6 });
    expect((await call(h, 'GET', `/api/v1/admin/games/${newId()}/risk`, admin)).status).toBe(404);

    const overview = await call(h, 'GET', '/api/v1/admin/risk/overview?limit=100', admin);
    expect(overview.status).toBe(200);
    expect(overview.body.highRiskThreshold).toBe(100);
    // each row carries the game's `_id` (spec 001 §3 "Game"): the screen's buttons use it
    const row = overview.body.topExposedGames.find((x: any) => x._id === g._id);
    expect(row).toMatchObject({
      gameId: g._id,
      gameDetails: { homeTeam: 'Enyimba', awayTeam: 'Rivers United' },
      totalPotentialPayout: 154.6,
      isHighRisk: true,
      odds: { home: 2.1, draw: 3.2, away: 3.6 },
    });
    expect(overview.body.topExposedGames.find((x: any) => x.gameId === other._id).isHighRisk).toBe(false);
    expect(overview.body.highRiskGamesCount).toBe(
      overview.body.topExposedGames.filter((x: any) => x.isHighRisk).length,
    );
    const payouts = overview.body.topExposedGames.map((x: any) => x.totalPotentialPayout);
    expect(payouts).toEqual([...payouts].sort((x: number, y: number) => y - x));
    // every pending bet once, platform-wide
    expect(overview.body.totalExposure).toBeGreaterThanOrEqual(21 + 42 + 16 + 75.6);

    const player2 = await player(h);
    expect((await call(h, 'GET', '/api/v1/admin/risk/overview', player2.auth)).status).toBe(403);
    expect((await call(h, 'GET', `/api/v1/admin/games/${g._id}/risk`)).status).toBe(401);
  });
});

describe('shared slips', () => {
  it('stores a slip under a short unguessable code and shows it to anyone with current odds', async () => {
    const [g1, g2] = await Promise.all([
      games.create(),
      games.create({ homeTeam: 'Kano Pillars', awayTeam: 'Shooting Stars' }),
    ]);
    const res = await call(
      h,
      'POST',
      '/api/v1/bets/share',
      {},
      {
        betType: 'multi',
        selections: [
          { gameId: g1._id, outcome: 'Draw' },
          { gameId: g2._id, outcome: 'B' },
        ],
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.shareId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(res.body.shareUrl).toBe(`https://bet.example/slip/${res.body.shareId}`);
    await games.odds(g2._id, { home: 1.8, draw: 3.1, away: 4.75 }, false);
    const slip = await call(h, 'GET', `/api/v1/bets/share/${res.body.shareId}`);
    expect(slip.status).toBe(200);
    // the spec client's envelope: `slip`, each game populated under `gameId` with its prices
    expect(slip.body).toMatchObject({
      slip: {
        shareId: res.body.shareId,
        betType: 'multi',
        selections: [
          {
            gameId: { _id: g1._id, homeTeam: 'Enyimba', status: 'upcoming', odds: { draw: 3.2 } },
            outcome: 'Draw',
            odds: 3.2,
            available: true,
          },
          {
            gameId: {
              _id: g2._id,
              homeTeam: 'Kano Pillars',
              awayTeam: 'Shooting Stars',
              odds: { home: 1.8, draw: 3.1, away: 4.75 },
            },
            outcome: 'B',
            odds: 4.75,
            available: true,
          },
        ],
      },
    });
    expect(slip.body.selections).toBeUndefined();
    expect(slip.body.slip.selections[0].gameId.matchDate).toBe(g1.matchDate);
    // a game that finished says so
    await games.settle(g1._id, 'A');
    await eventually(
      async () =>
        (await call(h, 'GET', `/api/v1/bets/share/${res.body.shareId}`)).body.slip.selections[0].available ===
        false,
    );
    const later = (await call(h, 'GET', `/api/v1/bets/share/${res.body.shareId}`)).body.slip.selections[0];
    expect(later).toMatchObject({
      available: false,
      reason: 'Enyimba vs Rivers United has finished; betting is closed.',
      gameId: { status: 'finished' },
    });
  });

  it('refuses empty, malformed and closed slips, and unknown codes', async () => {
    const g = await games.create();
    const share = (body: unknown) => call(h, 'POST', '/api/v1/bets/share', {}, body);
    expect(await share({ betType: 'single', selections: [] })).toMatchObject({
      status: 400,
      body: { msg: 'Add selections to your slip before sharing.' },
    });
    expect(await share({ betType: 'multi', selections: [{ gameId: g._id, outcome: 'A' }] })).toMatchObject({
      status: 400,
      body: { msg: 'Add at least one more selection to create a multi-bet.' },
    });
    expect(await share({ betType: 'single', selections: [{ gameId: 'zz', outcome: 'A' }] })).toMatchObject({
      status: 400,
      body: { msg: 'This game cannot be selected due to an invalid ID.' },
    });
    expect(
      (await share({ betType: 'single', selections: [{ gameId: g._id, outcome: 'A' }], extra: 1 })).status,
    ).toBe(400);
    await games.cancel(g._id);
    await eventually(
      async () =>
        (await share({ betType: 'single', selections: [{ gameId: g._id, outcome: 'A' }] })).status === 422,
    );
    expect((await call(h, 'GET', '/api/v1/bets/share/AAAAAAAAAAAA')).status).toBe(404);
    expect((await call(h, 'GET', '/api/v1/bets/share/short')).status).toBe(400);
  });
});
