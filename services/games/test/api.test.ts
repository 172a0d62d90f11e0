import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { BetsPlaced, Game, GamesGet, validate } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { future, type GamesHarness, past, startGames } from './helpers';

let h: GamesHarness;
beforeAll(async () => {
  h = await startGames();
});
afterAll(async () => {
  await h?.close();
});

const ODDS = { home: 2.1, draw: 3.3, away: 3.6 };
let n = 0;
async function makeGame(over: Record<string, unknown> = {}) {
  n++;
  const res = await h.api(
    'POST',
    '/games',
    {
      homeTeam: `Home ${n}`,
      awayTeam: `Away ${n}`,
      league: 'Test League',
      matchDate: past(30),
      odds: ODDS,
      ...over,
    },
    h.adminToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.game;
}
const eventsFor = (gameId: string, subject?: string) =>
  h.seen.filter(
    (e) =>
      ((e.data as any).gameId ?? (e.data as any).game?._id) === gameId && (!subject || e.subject === subject),
  );
const auditOf = async (id: string) =>
  (await h.api('GET', `/admin/games/${id}/audit`, undefined, h.adminToken)).body.audit;

describe('catalogue reads', () => {
  let early: any;
  let late: any;
  let done: any;
  beforeAll(async () => {
    early = await makeGame({
      homeTeam: 'Kano Pillars',
      awayTeam: 'Enyimba',
      league: 'Nigeria Premier Football League',
      matchDate: future(60),
    });
    late = await makeGame({
      homeTeam: 'Arsenal',
      awayTeam: 'Kano Pillars',
      league: 'Premier League',
      matchDate: future(600),
    });
    done = await makeGame({
      homeTeam: 'Lobi Stars',
      awayTeam: 'Remo Stars',
      league: 'Nigeria Premier Football League',
      matchDate: past(300),
    });
    expect(
      (
        await h.api(
          'PATCH',
          `/games/${done._id}/result`,
          { result: 'A', homeScore: 2, awayScore: 1 },
          h.adminToken,
        )
      ).status,
    ).toBe(200);
  });

  it('answers { games } with the public Game shape', async () => {
    const res = await h.api('GET', '/games');
    expect(res.status).toBe(200);
    expect(res.body.games.length).toBeGreaterThanOrEqual(3);
    for (const g of res.body.games) expect(validate(Game, g)).toEqual([]);
    expect(Object.keys(res.body.games[0]).sort()).toEqual(
      [
        '_id',
        'homeTeam',
        'awayTeam',
        'homeTeamLogo',
        'awayTeamLogo',
        'league',
        'matchDate',
        'status',
        'scores',
        'elapsedTime',
        'odds',
        'result',
        // additive (issue 13 items 1 and 7)
        'source',
        'phase',
        'suspended',
      ].sort(),
    );
  });

  it('filters by status with the documented default orders, and limits', async () => {
    const upcoming = (await h.api('GET', '/games?status=upcoming&limit=500')).body.games;
    expect(upcoming.every((g: any) => g.status === 'upcoming')).toBe(true);
    const dates = upcoming.map((g: any) => g.matchDate);
    expect(dates).toEqual([...dates].sort());
    const finished = (await h.api('GET', '/games?status=finished')).body.games;
    expect(finished.map((g: any) => g._id)).toContain(done._id);
    const fd = finished.map((g: any) => g.matchDate);
    expect(fd).toEqual([...fd].sort().reverse());
    const desc = (await h.api('GET', '/games?status=upcoming&order=desc')).body.games.map(
      (g: any) => g.matchDate,
    );
    expect(desc).toEqual([...desc].sort().reverse());
    expect((await h.api('GET', '/games?limit=1')).body.games).toHaveLength(1);
  });

  it('filters by league (any case), team (home or away, substring, any case) and date range', async () => {
    const npfl = (
      await h.api('GET', `/games?league=${encodeURIComponent('nigeria premier football league')}`)
    ).body.games;
    expect(npfl.map((g: any) => g._id).sort()).toEqual([early._id, done._id].sort());
    const kano = (await h.api('GET', '/games?team=pillars')).body.games;
    expect(kano.map((g: any) => g._id).sort()).toEqual([early._id, late._id].sort());
    const wild = (await h.api('GET', `/games?team=${encodeURIComponent('%')}`)).body.games;
    expect(wild).toEqual([]);
    const window = (await h.api('GET', `/games?from=${future(30)}&to=${future(120)}`)).body.games;
    expect(window.map((g: any) => g._id)).toEqual([early._id]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = (await h.api('GET', `/games?from=${today}&to=${today}&team=lobi`)).body.games;
    expect(byDay.map((g: any) => g._id)).toEqual(
      new Date(done.matchDate).toISOString().slice(0, 10) === today ? [done._id] : [],
    );
  });

  it('orders a status-less list for the admin: live, upcoming by kick-off, latest finished, cancelled', async () => {
    const live = await makeGame({ matchDate: past(20) });
    const put = await h.api(
      'PUT',
      `/games/${live._id}`,
      {
        homeTeam: live.homeTeam,
        awayTeam: live.awayTeam,
        league: live.league,
        matchDate: live.matchDate,
        status: 'live',
      },
      h.adminToken,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const all = (await h.api('GET', '/games?limit=500')).body.games;
    const rank = { live: 1, upcoming: 2, finished: 3, cancelled: 4 } as Record<string, number>;
    expect(all[0]._id).toBe(live._id);
    const ranks = all.map((g: any) => rank[g.status]);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    const kickOffs = all.filter((g: any) => g.status === 'upcoming').map((g: any) => g.matchDate);
    expect(kickOffs).toEqual([...kickOffs].sort());
    const finished = all.filter((g: any) => g.status === 'finished').map((g: any) => g.matchDate);
    expect(finished).toEqual([...finished].sort().reverse());
    // a game an admin just created is among the spec client's 100
    const fresh = await makeGame({ matchDate: future(60 * 24 * 3) });
    expect((await h.api('GET', '/games?limit=100')).body.games.map((g: any) => g._id)).toContain(fresh._id);
  });

  it('searches teams and league and pages the result for our admin screen', async () => {
    const first = await h.api('GET', '/games?search=PILLARS&page=1&limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ currentPage: 1, totalCount: 2, totalPages: 2 });
    const second = await h.api('GET', '/games?search=PILLARS&page=2&limit=1');
    expect([...first.body.games, ...second.body.games].map((g: any) => g._id).sort()).toEqual(
      [early._id, late._id].sort(),
    );
    const byLeague = (await h.api('GET', `/games?search=${encodeURIComponent('premier')}&limit=500`)).body
      .games;
    expect(byLeague.map((g: any) => g._id)).toEqual(expect.arrayContaining([early._id, late._id, done._id]));
    // without a page the answer stays the spec's { games }
    expect(Object.keys((await h.api('GET', '/games?search=pillars')).body)).toEqual(['games']);
    expect((await h.api('GET', '/games?page=0')).status).toBe(400);
  });

  it('refuses bad list queries with a clear 400', async () => {
    for (const [q, field] of [
      ['status=soon', 'status'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['order=up', 'order'],
      ['from=yesterday', 'from'],
      ['to=2026-02-31', 'to'],
    ]) {
      const res = await h.api('GET', `/games?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.msg).toContain(field);
      expect(res.body.errors[0].location).toBe('query');
    }
  });

  it('lists live games, one game, and its details', async () => {
    const g = await makeGame();
    await h.api(
      'PUT',
      `/games/${g._id}`,
      {
        homeTeam: g.homeTeam,
        awayTeam: g.awayTeam,
        league: g.league,
        matchDate: g.matchDate,
        status: 'live',
      },
      h.adminToken,
    );
    const live = (await h.api('GET', '/games/live')).body.games;
    expect(live.map((x: any) => x._id)).toContain(g._id);
    expect(live.every((x: any) => x.status === 'live')).toBe(true);
    const one = await h.api('GET', `/games/${g._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: g._id, status: 'live', elapsedTime: 0 });
    const details = await h.api('GET', `/games/${g._id}/details`);
    expect(details.body).toEqual({ scores: { home: 0, away: 0 }, events: [] });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    for (const path of ['/games/xyz', '/games/ABCDEF0123456789abcdef01', '/games/123/details']) {
      const res = await h.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toMatch(/valid id/);
    }
    for (const path of [`/games/${newId()}`, `/games/${newId()}/details`]) {
      const res = await h.api('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('Game not found');
    }
  });
});

describe('admin game operations', () => {
  it('creates a game, audits it and announces games.created', async () => {
    const g = await makeGame({ homeTeamLogo: 'https://img.example/h.png' });
    expect(g).toMatchObject({
      status: 'upcoming',
      odds: ODDS,
      scores: { home: 0, away: 0 },
      result: null,
      homeTeamLogo: 'https://img.example/h.png',
    });
    await eventually(() => eventsFor(g._id, 'games.created').length === 1);
    const trail = await auditOf(g._id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'game.create',
      actor: { _id: h.adminId, username: 'boss' },
      before: null,
    });
    expect(trail[0].after.homeTeam).toBe(g.homeTeam);
  });

  it('refuses bad create bodies field by field and creates nothing', async () => {
    const before = (await h.api('GET', '/games?limit=500')).body.games.length;
    const base = { homeTeam: 'X', awayTeam: 'Y', league: 'L', matchDate: future(10), odds: ODDS };
    const cases: Array<[unknown, string]> = [
      [{ ...base, matchDate: 'next tuesday' }, 'matchDate'],
      [{ ...base, matchDate: '2026-02-30T10:00:00Z' }, 'matchDate'],
      [{ ...base, odds: { ...ODDS, home: 1 } }, 'odds.home'],
      [{ ...base, odds: { ...ODDS, draw: 0.5 } }, 'odds.draw'],
      [{ ...base, odds: { ...ODDS, away: 2.555 } }, 'odds.away'],
      [{ ...base, awayTeam: 'x ' }, 'awayTeam'],
      [{ ...base, homeTeam: '   ' }, 'homeTeam'],
      [{ ...base, league: undefined }, 'league'],
      [{ ...base, odds: { home: 2, draw: 3 } }, 'odds.away'],
      [{ ...base, status: 'live' }, 'status'],
      [{ ...base, odds: { ...ODDS, over: 2 } }, 'odds.over'],
    ];
    for (const [body, field] of cases) {
      const res = await h.api('POST', '/games', body, h.adminToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.path)).toContain(field);
      expect(res.body.msg).toEqual(expect.any(String));
    }
    const both = await h.api(
      'POST',
      '/games',
      { ...base, matchDate: 'soon', odds: { ...ODDS, home: 1.001 } },
      h.adminToken,
    );
    expect(both.body.errors.map((e: any) => e.path).sort()).toEqual(['matchDate', 'odds.home']);
    expect((await h.api('GET', '/games?limit=500')).body.games.length).toBe(before);
  });

  it('edits a game; status only moves forward', async () => {
    const g = await makeGame();
    const body = {
      homeTeam: 'Renamed FC',
      awayTeam: g.awayTeam,
      league: 'Other League',
      matchDate: future(90),
    };
    const res = await h.api('PUT', `/games/${g._id}`, body, h.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Game updated successfully!');
    expect(res.body.game).toMatchObject({
      homeTeam: 'Renamed FC',
      league: 'Other League',
      status: 'upcoming',
    });
    await eventually(() => eventsFor(g._id, 'games.updated').length === 1);
    const live = await h.api('PUT', `/games/${g._id}`, { ...body, status: 'live' }, h.adminToken);
    expect(live.body.game.status).toBe('live');
    // the unchanged price is re-announced as an in-play price
    await eventually(() => eventsFor(g._id, 'games.odds_changed').length === 1);
    // an admin's game in play has no in-play model: only 1X2 is offered (markets null)
    expect(eventsFor(g._id, 'games.odds_changed')[0].data).toEqual({
      gameId: g._id,
      odds: ODDS,
      live: true,
      markets: null,
    });
    const back = await h.api('PUT', `/games/${g._id}`, { ...body, status: 'upcoming' }, h.adminToken);
    expect(back.status).toBe(409);
    expect(back.body.msg).toMatch(/cannot go back/);
    const fin = await h.api('PUT', `/games/${g._id}`, { ...body, status: 'finished' }, h.adminToken);
    expect(fin.body.game).toMatchObject({ status: 'finished', result: null });
    const again = await h.api('PUT', `/games/${g._id}`, { ...body, status: 'live' }, h.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/finished game cannot become live/);
    expect((await h.api('GET', `/games/${g._id}`)).body.status).toBe('finished');
    const bad = await h.api('PUT', `/games/${g._id}`, { ...body, matchDate: 'tomorrow' }, h.adminToken);
    expect(bad.status).toBe(400);
    const missing = await h.api(
      'PUT',
      `/games/${g._id}`,
      { homeTeam: 'A', league: 'L', matchDate: future(1) },
      h.adminToken,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('awayTeam is required');
    expect((await h.api('PUT', `/games/${newId()}`, body, h.adminToken)).status).toBe(404);
  });

  it('settles once with a result that agrees with the score, and corrects only when asked', async () => {
    const g = await makeGame();
    const wrong = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'A', homeScore: 0, awayScore: 2 },
      h.adminToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/does not match the score 0-2/);
    expect((await h.api('GET', `/games/${g._id}`)).body.status).toBe('upcoming');

    const first = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'B', homeScore: 0, awayScore: 2 },
      h.adminToken,
    );
    expect(first.status).toBe(200);
    expect(first.body.game).toMatchObject({ status: 'finished', result: 'B', scores: { home: 0, away: 2 } });
    await eventually(() => eventsFor(g._id, 'games.settled').length === 1);
    expect(eventsFor(g._id, 'games.settled')[0].data).toMatchObject({
      gameId: g._id,
      result: 'B',
      scores: { home: 0, away: 2 },
    });

    const second = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'Draw', homeScore: 1, awayScore: 1 },
      h.adminToken,
    );
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/already settled.*correction/);
    expect((await h.api('GET', `/games/${g._id}`)).body.result).toBe('B');

    const fix = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'Draw', homeScore: 1, awayScore: 1, correction: true },
      h.adminToken,
    );
    expect(fix.status).toBe(200);
    expect(fix.body.msg).toMatch(/corrected/);
    await eventually(() => eventsFor(g._id, 'games.result_corrected').length === 1);
    expect(eventsFor(g._id, 'games.result_corrected')[0].data).toMatchObject({
      previousResult: 'B',
      result: 'Draw',
      scores: { home: 1, away: 1 },
      correctedBy: h.adminId,
    });
    const same = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'Draw', homeScore: 1, awayScore: 1, correction: true },
      h.adminToken,
    );
    expect(same.status).toBe(409);
    const rescore = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'Draw', homeScore: 2, awayScore: 2, correction: true },
      h.adminToken,
    );
    expect(rescore.status).toBe(200);
    await h.drained();
    expect(eventsFor(g._id, 'games.settled')).toHaveLength(1);
    // the 1X2 result stands, but totals and correct scores move: betting re-settles every market
    await eventually(() => eventsFor(g._id, 'games.result_corrected').length === 2);
    expect(eventsFor(g._id, 'games.result_corrected')[1].data).toMatchObject({
      previousResult: 'Draw',
      result: 'Draw',
      scores: { home: 2, away: 2 },
    });
    expect((await auditOf(g._id)).map((a: any) => a.action)).toEqual([
      'game.create',
      'game.result',
      'game.result_corrected',
      'game.rescore',
    ]);
  });

  it('settles an upcoming, manually created game that has not kicked off (the spec has no such rule)', async () => {
    const later = await makeGame({ matchDate: future(120) });
    const res = await h.api(
      'PATCH',
      `/games/${later._id}/result`,
      { result: 'A', homeScore: 1, awayScore: 0 },
      h.adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.game).toMatchObject({ status: 'finished', result: 'A', scores: { home: 1, away: 0 } });
    // games.settled is what settles the bets on it
    await eventually(() => eventsFor(later._id, 'games.settled').length === 1);
  });

  it('names the missing fields of a result without scores', async () => {
    const g = await makeGame();
    for (const [body, named] of [
      [{ result: 'A' }, /homeScore and awayScore/],
      [{ result: 'A', homeScore: 1 }, /awayScore/],
      [{ homeScore: 1, awayScore: 0 }, /result/],
      [{}, /result, homeScore and awayScore/],
    ] as const) {
      const res = await h.api('PATCH', `/games/${g._id}/result`, body, h.adminToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(/^Please enter/);
      expect(res.body.msg).toMatch(named);
      expect(res.body.errors.map((e: any) => e.path).sort()).toEqual(
        ['result', 'homeScore', 'awayScore'].filter((k) => !(k in body)).sort(),
      );
    }
    expect((await h.api('GET', `/games/${g._id}`)).body).toMatchObject({ result: null });
  });

  it('refuses a result on a cancelled game, and bad result bodies', async () => {
    const later = await makeGame({ matchDate: future(120) });
    const g = await makeGame();
    expect((await h.api('PATCH', `/games/${g._id}/cancel`, undefined, h.adminToken)).status).toBe(200);
    const res = await h.api(
      'PATCH',
      `/games/${g._id}/result`,
      { result: 'A', homeScore: 1, awayScore: 0 },
      h.adminToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/cancelled game cannot get a result/);
    for (const body of [
      { result: 'X', homeScore: 1, awayScore: 0 },
      { result: 'A', homeScore: -1, awayScore: 0 },
      { result: 'A', homeScore: 1.5, awayScore: 0 },
      { result: 'A', homeScore: 1 },
      { result: 'A', homeScore: 1, awayScore: 0, winner: 'me' },
    ]) {
      expect(
        (await h.api('PATCH', `/games/${later._id}/result`, body, h.adminToken)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await h.api('GET', `/games/${g._id}`)).body).toMatchObject({ status: 'cancelled', result: null });
    expect((await h.api('GET', `/games/${later._id}`)).body).toMatchObject({
      status: 'upcoming',
      result: null,
    });
  });

  it('cancels once, never a finished game, and announces games.cancelled', async () => {
    const g = await makeGame();
    const res = await h.api('PATCH', `/games/${g._id}/cancel`, undefined, h.adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Game cancelled successfully.', game: { status: 'cancelled' } });
    await eventually(() => eventsFor(g._id, 'games.cancelled').length === 1);
    expect((await h.api('PATCH', `/games/${g._id}/cancel`, undefined, h.adminToken)).status).toBe(409);
    const f = await makeGame();
    await h.api(
      'PATCH',
      `/games/${f._id}/result`,
      { result: 'Draw', homeScore: 0, awayScore: 0 },
      h.adminToken,
    );
    const refused = await h.api('PATCH', `/games/${f._id}/cancel`, undefined, h.adminToken);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('A finished game cannot be cancelled');
    expect((await h.api('GET', `/games/${f._id}`)).body.status).toBe('finished');
  });

  it('adjusts odds (> 1.00, two decimals), keeps the adjustment until reset, and announces each change', async () => {
    const g = await makeGame({ matchDate: future(30) });
    for (const [body, msg] of [
      [{ home: 1, draw: 3, away: 4 }, /home must be greater than 1.00/],
      [{ home: 1.5, draw: 3.125, away: 4 }, /draw must have at most two decimals/],
      [{ home: 1.5, draw: 3 }, /away is required/],
      [{ home: 1.5, draw: 3, away: 4, over: 2 }, /over is not allowed/],
    ] as const) {
      const res = await h.api('PATCH', `/admin/games/${g._id}/adjust-odds`, body, h.adminToken);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    const res = await h.api(
      'PATCH',
      `/admin/games/${g._id}/adjust-odds`,
      { home: 1.95, draw: 3.4, away: 4.25 },
      h.adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      msg: 'Odds updated successfully!',
      game: { odds: { home: 1.95, draw: 3.4, away: 4.25 } },
    });
    await eventually(() => eventsFor(g._id, 'games.odds_changed').length === 1);
    const adjusted = eventsFor(g._id, 'games.odds_changed')[0].data as any;
    expect(adjusted).toMatchObject({
      gameId: g._id,
      odds: { home: 1.95, draw: 3.4, away: 4.25 },
      live: false,
    });
    // every other market is re-fitted to the admin's price and announced with it
    expect(adjusted.markets['1x2']).toEqual({ A: 195, Draw: 340, B: 425 });
    expect(adjusted.markets.dc['1X']).toBeLessThan(195);
    const reset = await h.api('DELETE', `/admin/games/${g._id}/adjust-odds`, undefined, h.adminToken);
    expect(reset.status).toBe(200);
    expect(reset.body.game.odds).toEqual(ODDS);
    await eventually(() => eventsFor(g._id, 'games.odds_changed').length === 2);
    expect((await h.api('DELETE', `/admin/games/${g._id}/adjust-odds`, undefined, h.adminToken)).status).toBe(
      409,
    );
    expect((await auditOf(g._id)).map((a: any) => a.action)).toEqual([
      'game.create',
      'odds.adjust',
      'odds.reset',
    ]);

    await h.api('PATCH', `/games/${g._id}/cancel`, undefined, h.adminToken);
    const closed = await h.api(
      'PATCH',
      `/admin/games/${g._id}/adjust-odds`,
      { home: 2, draw: 3, away: 4 },
      h.adminToken,
    );
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toMatch(/cancelled game cannot be changed/);
  });
});

describe('markets', () => {
  it("lists every market of a game, fitted to an admin's 1X2 price; settled with results, void when cancelled", async () => {
    const g = await makeGame({ matchDate: new Date(Date.now() + 3_600_000).toISOString() });
    const res = await h.api('GET', `/games/${g._id}/markets`);
    expect(res.status).toBe(200);
    expect(res.body.gameId).toBe(g._id);
    const byKey = new Map<string, any>(res.body.markets.map((m: any) => [m.key, m]));
    expect(byKey.size).toBe(22);
    expect(byKey.get('1x2')).toMatchObject({
      name: 'Match Result',
      status: 'open',
      outcomes: [
        { code: 'A', label: g.homeTeam, odds: 2.1 },
        { code: 'Draw', label: 'Draw', odds: 3.3 },
        { code: 'B', label: g.awayTeam, odds: 3.6 },
      ],
    });
    const ou = byKey.get('ou_2.5');
    expect(ou.status).toBe('open');
    expect(ou.outcomes.map((o: any) => o.label)).toEqual(['Over 2.5', 'Under 2.5']);
    for (const m of byKey.values())
      for (const o of m.outcomes) {
        expect(typeof o.odds).toBe('number');
        expect(o.odds).toBeGreaterThanOrEqual(1.01);
      }
    // the fitted model agrees with the admin's price: 1X at most as long as either of its sides
    expect(byKey.get('dc').outcomes[0].odds).toBeLessThan(2.1);

    const past = await makeGame();
    await h.api(
      'PATCH',
      `/games/${past._id}/result`,
      { result: 'A', homeScore: 2, awayScore: 1 },
      h.adminToken,
    );
    const settled = new Map<string, any>(
      (await h.api('GET', `/games/${past._id}/markets`)).body.markets.map((m: any) => [m.key, m]),
    );
    expect(settled.get('ou_2.5')).toMatchObject({
      status: 'settled',
      outcomes: [
        { code: 'over', odds: null, result: 'won' },
        { code: 'under', odds: null, result: 'lost' },
      ],
    });
    expect(settled.get('btts').outcomes[0].result).toBe('won');
    // an admin's game records no half-time score: its half-time markets give the stakes back
    expect(settled.get('ht').outcomes.map((o: any) => o.result)).toEqual(['push', 'push', 'push']);

    await h.api('PATCH', `/games/${g._id}/cancel`, undefined, h.adminToken);
    const voided = (await h.api('GET', `/games/${g._id}/markets`)).body.markets;
    expect(voided.every((m: any) => m.status === 'void')).toBe(true);
    expect((await h.api('GET', '/games/5f1d7f0c9b1e8a3d4c2b1aff/markets')).status).toBe(404);
  });

  it("reads many games' markets in one request, cut to the board's keys, the same prices as one by one", async () => {
    const a = await makeGame({ matchDate: new Date(Date.now() + 3_600_000).toISOString() });
    const b = await makeGame({ matchDate: new Date(Date.now() + 7_200_000).toISOString() });
    const unknown = newId();
    const res = await h.api(
      'GET',
      `/games/markets?ids=${a._id},${b._id},${unknown},${a._id}&keys=ou_2.5,btts`,
    );
    expect(res.status).toBe(200);
    expect(res.body.games.map((g: any) => g.gameId).sort()).toEqual([a._id, b._id].sort());
    for (const g of res.body.games) {
      expect(g.markets.map((m: any) => m.key)).toEqual(['ou_2.5', 'btts']);
      const one = (await h.api('GET', `/games/${g.gameId}/markets`)).body.markets;
      for (const m of g.markets) expect(m).toEqual(one.find((x: any) => x.key === m.key));
    }
    // without keys: every market, as the single read answers
    const all = await h.api('GET', `/games/markets?ids=${a._id}`);
    expect(all.body.games[0].markets).toHaveLength(22);

    for (const bad of ['', 'not-an-id', `${a._id},`, Array.from({ length: 101 }, () => newId()).join(',')]) {
      const r = await h.api('GET', `/games/markets?ids=${bad}`);
      expect(r.status, bad.slice(0, 30)).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ path: 'ids', location: 'query' });
    }
    expect((await h.api('GET', `/games/markets?ids=${a._id}&keys=OU 2.5`)).status).toBe(400);
  });
});

describe('ids and the last line of defence', () => {
  it('admin routes answer 400 for a malformed id and 404 for an unknown game', async () => {
    const body = { homeTeam: 'A', awayTeam: 'B', league: 'L', matchDate: future(5) };
    const routes: Array<[string, string, unknown?]> = [
      ['PUT', '/games/%s', body],
      ['PATCH', '/games/%s/result', { result: 'A', homeScore: 1, awayScore: 0 }],
      ['PATCH', '/games/%s/cancel'],
      ['PATCH', '/admin/games/%s/adjust-odds', { home: 2, draw: 3, away: 4 }],
      ['DELETE', '/admin/games/%s/adjust-odds'],
      ['GET', '/admin/games/%s/audit'],
    ];
    for (const [method, path, payload] of routes) {
      const bad = await h.api(method, path.replace('%s', 'not-an-id'), payload, h.adminToken);
      expect(bad.status, `${method} ${path}`).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ path: 'id', location: 'params' });
      const unknown = await h.api(method, path.replace('%s', newId()), payload, h.adminToken);
      expect(unknown.status, `${method} ${path}`).toBe(404);
      expect(unknown.body.msg).toBe('Game not found');
    }
  });

  it('the database itself refuses to bring a finished or cancelled game back', async () => {
    const g = await makeGame();
    await h.api('PATCH', `/games/${g._id}/result`, { result: 'A', homeScore: 1, awayScore: 0 }, h.adminToken);
    await expect(
      h.svc.ctx.db
        .updateTable('games')
        .set({ status: 'live', result: null })
        .where('id', '=', g._id)
        .execute(),
    ).rejects.toThrow(/cannot become live/);
    const c = await makeGame();
    await h.api('PATCH', `/games/${c._id}/cancel`, undefined, h.adminToken);
    await expect(
      h.svc.ctx.db.updateTable('games').set({ status: 'upcoming' }).where('id', '=', c._id).execute(),
    ).rejects.toThrow(/cannot become upcoming/);
    expect((await h.api('GET', `/games/${g._id}`)).body.status).toBe('finished');
  });
});

describe('power rankings', () => {
  it('creates (default 75), lists, updates and deletes rankings, each audited', async () => {
    const created = await h.api('POST', '/admin/rankings', { teamName: 'Shooting Stars' }, h.adminToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      msg: 'Ranking created successfully!',
      ranking: { teamName: 'Shooting Stars', ranking: 75 },
    });
    const id = created.body.ranking._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const strong = await h.api(
      'POST',
      '/admin/rankings',
      { teamName: 'Rivers United', ranking: 90 },
      h.adminToken,
    );
    const list = (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings;
    expect(list.map((r: any) => r.teamName).slice(0, 2)).toEqual(['Rivers United', 'Shooting Stars']);
    const upd = await h.api('PATCH', `/admin/rankings/${id}`, { ranking: 60 }, h.adminToken);
    expect(upd.body).toMatchObject({
      msg: 'Ranking updated successfully!',
      ranking: { _id: id, ranking: 60 },
    });
    const same = await h.api(
      'PATCH',
      `/admin/rankings/${id}`,
      { ranking: 61, teamName: 'Shooting Stars' },
      h.adminToken,
    );
    expect(same.status).toBe(200);
    const del = await h.api('DELETE', `/admin/rankings/${strong.body.ranking._id}`, undefined, h.adminToken);
    expect(del.body.msg).toBe('Ranking deleted successfully!');
    expect(
      (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings.map(
        (r: any) => r.teamName,
      ),
    ).toEqual(['Shooting Stars']);
    const rows = await h.svc.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'ranking')
      .orderBy('at')
      .execute();
    expect(rows.map((r) => r.action)).toEqual([
      'ranking.create',
      'ranking.create',
      'ranking.update',
      'ranking.update',
      'ranking.delete',
    ]);
  });

  it('takes the ranking as a number input sends it ("88"), and still refuses "0x10", "1e3", " 5", ""', async () => {
    const made = await h.api(
      'POST',
      '/admin/rankings',
      { teamName: 'Decimal Rovers', ranking: '88' },
      h.adminToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.ranking.ranking).toBe(88);
    const id = made.body.ranking._id;
    const upd = await h.api('PATCH', `/admin/rankings/${id}`, { ranking: '61' }, h.adminToken);
    expect(upd.status).toBe(200);
    expect(upd.body.ranking.ranking).toBe(61);
    for (const ranking of ['0x10', '1e3', ' 5', '', '88.5']) {
      const bad = await h.api('PATCH', `/admin/rankings/${id}`, { ranking }, h.adminToken);
      expect(bad.status, ranking).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ path: 'ranking', location: 'body' });
    }
    await h.api('DELETE', `/admin/rankings/${id}`, undefined, h.adminToken);
  });

  it('refuses duplicate names (any case), a renamed team, rankings outside 1..100, and unknown ids', async () => {
    const c = await h.api(
      'POST',
      '/admin/rankings',
      { teamName: 'Plateau United', ranking: 70 },
      h.adminToken,
    );
    const dup = await h.api('POST', '/admin/rankings', { teamName: '  plateau UNITED ' }, h.adminToken);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toMatch(/already exists/);
    const rename = await h.api(
      'PATCH',
      `/admin/rankings/${c.body.ranking._id}`,
      { ranking: 70, teamName: 'Plateau' },
      h.adminToken,
    );
    expect(rename.status).toBe(400);
    expect(rename.body.msg).toBe('The team name of a ranking cannot be changed');
    for (const body of [
      { teamName: 'A', ranking: 0 },
      { teamName: 'B', ranking: 101 },
      { teamName: '' },
      { teamName: 'C', ranking: 50.5 },
    ]) {
      expect((await h.api('POST', '/admin/rankings', body, h.adminToken)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(
      (await h.api('PATCH', `/admin/rankings/${c.body.ranking._id}`, { ranking: 0 }, h.adminToken)).status,
    ).toBe(400);
    expect((await h.api('PATCH', `/admin/rankings/${newId()}`, { ranking: 50 }, h.adminToken)).status).toBe(
      404,
    );
    expect((await h.api('DELETE', `/admin/rankings/${newId()}`, undefined, h.adminToken)).status).toBe(404);
    expect((await h.api('DELETE', '/admin/rankings/nope', undefined, h.adminToken)).status).toBe(400);
    const r = (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings.find(
      (x: any) => x._id === c.body.ranking._id,
    );
    expect(r).toEqual({ _id: c.body.ranking._id, teamName: 'Plateau United', ranking: 70 });
  });
});

describe('authorization', () => {
  it('every admin route answers 401 without a token and 403 to a player, and changes nothing', async () => {
    const g = await makeGame({ matchDate: future(45) });
    const rank = (
      await h.api('POST', '/admin/rankings', { teamName: 'Sunshine Stars', ranking: 66 }, h.adminToken)
    ).body.ranking;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/games', { homeTeam: 'A', awayTeam: 'B', league: 'L', matchDate: future(5), odds: ODDS }],
      [
        'PUT',
        `/games/${g._id}`,
        { homeTeam: 'Hacked', awayTeam: 'B', league: 'L', matchDate: future(5), status: 'cancelled' },
      ],
      ['PATCH', `/games/${g._id}/result`, { result: 'A', homeScore: 1, awayScore: 0 }],
      ['PATCH', `/games/${g._id}/cancel`],
      ['PATCH', `/admin/games/${g._id}/adjust-odds`, { home: 9, draw: 9, away: 9 }],
      ['DELETE', `/admin/games/${g._id}/adjust-odds`],
      ['GET', `/admin/games/${g._id}/audit`],
      ['POST', '/admin/games/sync', { source: 'apifootball' }],
      ['GET', '/admin/rankings'],
      ['POST', '/admin/rankings', { teamName: 'Intruders', ranking: 100 }],
      ['PATCH', `/admin/rankings/${rank._id}`, { ranking: 1 }],
      ['DELETE', `/admin/rankings/${rank._id}`],
    ];
    const bogus = await h.infra.token({ role: 'admin' });
    for (const [method, url, body] of routes) {
      const anon = await h.api(method, url, body);
      expect(anon.status, `${method} ${url}`).toBe(401);
      expect(anon.body.msg).toMatch(/Not authorized/);
      const player = await h.api(method, url, body, h.userToken);
      expect(player.status, `${method} ${url}`).toBe(403);
      expect(player.body.msg).toBe('Admin access required');
      const tampered = await h.api(method, url, body, `${bogus.slice(0, -4)}AAAA`);
      expect(tampered.status).toBe(401);
    }
    // a read adds whether the market is open right now
    expect((await h.api('GET', `/games/${g._id}`)).body).toEqual({ ...g, suspended: false });
    expect((await auditOf(g._id)).length).toBe(1);
    const after = (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings.find(
      (r: any) => r._id === rank._id,
    );
    expect(after.ranking).toBe(66);
    expect((await h.api('GET', '/games?team=Intruders')).body.games).toEqual([]);
  });

  it('answers the sync call without a provider key with a message naming the setting', async () => {
    const a = await h.api('POST', '/admin/games/sync', { source: 'apifootball' }, h.adminToken);
    expect(a.status).toBe(503);
    expect(a.body.msg).toMatch(/API_FOOTBALL_KEY/);
    const b = await h.api('POST', '/admin/games/sync', { source: 'allsportsapi' }, h.adminToken);
    expect(b.status).toBe(503);
    expect(b.body.msg).toMatch(/ALLSPORTS_API_KEY/);
    const c = await h.api('POST', '/admin/games/sync', { source: 'espn' }, h.adminToken);
    expect(c.status).toBe(400);
    expect(c.body.msg).toMatch(/source must be one of: apifootball, allsportsapi/);
  });
});

describe('over the bus', () => {
  it('answers games.get with the current games', async () => {
    const g = await makeGame();
    const reply = await h.infra.bus.request<any>(
      GamesGet.subject,
      { gameIds: [g._id, newId()] },
      { timeoutMs: 3000 },
    );
    expect(validate(GamesGet.reply, reply)).toEqual([]);
    expect(reply.games).toEqual([{ ...g, suspended: false }]);
  });

  it('remembers which games have bets (bets.placed), whatever the number of bets', async () => {
    const g = await makeGame();
    const evt = {
      id: newId(),
      subject: BetsPlaced.subject,
      version: 1,
      occurredAt: new Date().toISOString(),
      data: { ...BetsPlaced.example, selections: [{ gameId: g._id, outcome: 'A', oddsHundredths: 210 }] },
    };
    await h.infra.bus.publish(evt);
    await h.infra.bus.publish({ ...evt, id: newId() });
    const row = await eventually(async () => {
      const r = await h.svc.ctx.db
        .selectFrom('game_interest')
        .selectAll()
        .where('game_id', '=', g._id)
        .executeTakeFirst();
      return r;
    });
    expect(new Date(row.first_bet_at).getTime()).toBe(new Date(evt.data.placedAt).getTime());
  });

  it('published only events that satisfy their catalogue schemas', async () => {
    await h.svc.ctx.relay.flush();
    await eventually(() => h.seen.length > 20);
    expect(h.invalid).toEqual([]);
  });
});
