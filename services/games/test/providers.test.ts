import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GamesHarness, startGames } from './helpers';
import { type AfFixture, type AsEvent, GOOD_KEY, type ReplayState, startReplayServer } from './replay-server';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number, time: string) => `${day(offset)}T${time}:00+00:00`;
const NPFL = { id: 399, name: 'NPFL' };

function apiFootballFixtures(): AfFixture[] {
  const kickoff = new Date(Date.now() - 80 * 60_000).toISOString().replace('Z', '+00:00');
  return [
    {
      id: 1001,
      date: at(-1, '15:00'),
      short: 'FT',
      elapsed: 90,
      league: NPFL,
      home: { id: 1, name: 'Enyimba' },
      away: { id: 2, name: 'Rivers United' },
      goals: { home: 2, away: 1 },
      fulltime: { home: 2, away: 1 },
      halftime: { home: 1, away: 0 },
      events: [
        { elapsed: 23, teamId: 1, player: 'C. Okafor', type: 'Goal', detail: 'Normal Goal' },
        { elapsed: 40, teamId: 2, player: 'S. Bello', type: 'Card', detail: 'Yellow Card' },
        { elapsed: 55, teamId: 2, player: 'M. Eze', type: 'Goal', detail: 'Normal Goal' },
        { elapsed: 60, teamId: 1, player: 'K. Nwosu', type: 'subst', detail: 'Substitution 1' },
        { elapsed: 90, extra: 3, teamId: 1, player: 'C. Okafor', type: 'Goal', detail: 'Penalty' },
        { elapsed: 70, teamId: 1, player: 'VAR', type: 'Var', detail: 'Goal cancelled' },
      ],
    },
    {
      id: 1002,
      date: kickoff,
      short: '2H',
      elapsed: 67,
      league: NPFL,
      home: { id: 3, name: 'Kano Pillars' },
      away: { id: 4, name: 'Remo Stars' },
      goals: { home: 0, away: 1 },
      events: [{ elapsed: 30, teamId: 4, player: 'T. Adeyemi', type: 'Goal', detail: 'Normal Goal' }],
    },
    {
      id: 1003,
      date: at(1, '19:00'),
      short: 'NS',
      elapsed: null,
      league: { id: 39, name: 'Premier League' },
      home: { id: 42, name: 'Arsenal' },
      away: { id: 49, name: 'Chelsea' },
      goals: { home: null, away: null },
    },
    {
      id: 1004,
      date: at(1, '16:00'),
      short: 'NS',
      elapsed: null,
      league: NPFL,
      home: { id: 5, name: 'Lobi Stars' },
      away: { id: 6, name: 'Heartland' },
      goals: { home: null, away: null },
    },
    {
      id: 1005,
      date: at(1, '16:00'),
      short: 'CANC',
      elapsed: null,
      league: NPFL,
      home: { id: 7, name: 'Akwa United' },
      away: { id: 8, name: 'Kwara United' },
      goals: { home: null, away: null },
    },
    {
      id: 1006,
      date: at(-1, '20:00'),
      short: 'AET',
      elapsed: 120,
      league: { id: 140, name: 'La Liga' },
      home: { id: 9, name: 'Sevilla' },
      away: { id: 10, name: 'Valencia' },
      goals: { home: 2, away: 1 },
      fulltime: { home: 1, away: 1 },
    },
    {
      id: 1007,
      date: at(0, '23:00'),
      short: 'NS',
      elapsed: null,
      league: { id: 667, name: 'Friendlies Clubs' },
      home: { id: 11, name: 'Somewhere FC' },
      away: { id: 12, name: 'Elsewhere FC' },
      goals: { home: null, away: null },
    },
    {
      id: 1008,
      date: at(1, '21:00'),
      short: 'NS',
      elapsed: null,
      league: { id: 39, name: 'Premier League' },
      home: { id: 40, name: 'Liverpool' },
      away: { id: 45, name: 'Everton' },
      goals: { home: null, away: null },
    },
  ];
}

function allSportsEvents(): AsEvent[] {
  const base = { goalscorers: [], cards: [], substitutes: [] };
  return [
    {
      ...base,
      event_key: 5001,
      event_date: day(-1),
      event_time: '18:00',
      event_home_team: 'Shooting Stars',
      event_away_team: 'Plateau United',
      event_status: 'Finished',
      event_live: '0',
      event_final_result: '1 - 2',
      event_ft_result: '1 - 2',
      event_halftime_result: '1 - 1',
      league_key: 300,
      league_name: 'NPFL',
      goalscorers: [
        {
          time: '12',
          home_scorer: '',
          away_scorer: 'I. Yusuf',
          score: '0 - 1',
          info: '',
          info_time: '1st Half',
        },
        {
          time: '45+1',
          home_scorer: 'B. Lawal',
          away_scorer: '',
          score: '1 - 1',
          info: 'Penalty',
          info_time: '1st Half',
        },
        {
          time: '77',
          home_scorer: '',
          away_scorer: 'I. Yusuf',
          score: '1 - 2',
          info: '',
          info_time: '2nd Half',
        },
      ],
      cards: [
        {
          time: '63',
          home_fault: 'O. Chukwu',
          card: 'red card',
          away_fault: '',
          info: '',
          info_time: '2nd Half',
        },
      ],
      substitutes: [
        {
          time: '70',
          home_scorer: [],
          score: 'substitution',
          away_scorer: { in: 'D. Obi', out: 'I. Yusuf', in_id: 1, out_id: 2 },
          info_time: '2nd Half',
        },
      ],
    },
    {
      ...base,
      event_key: 5002,
      event_date: day(0),
      event_time: '00:00',
      event_home_team: 'Inter',
      event_away_team: 'Napoli',
      event_status: '67',
      event_live: '1',
      event_final_result: '1 - 0',
      event_ft_result: '',
      league_key: 207,
      league_name: 'Serie A',
      goalscorers: [
        {
          time: '50',
          home_scorer: 'L. Rossi',
          away_scorer: '',
          score: '1 - 0',
          info: '',
          info_time: '2nd Half',
        },
      ],
    },
    {
      ...base,
      event_key: 5003,
      event_date: day(1),
      event_time: '20:45',
      event_home_team: 'Juventus',
      event_away_team: 'Roma',
      event_status: '',
      event_live: '0',
      event_final_result: '-',
      event_ft_result: '',
      league_key: 207,
      league_name: 'Serie A',
    },
    {
      ...base,
      event_key: 5004,
      event_date: day(-1),
      event_time: '21:00',
      event_home_team: 'Lazio',
      event_away_team: 'Torino',
      event_status: 'After Pen.',
      event_live: '0',
      event_final_result: '2 - 2',
      event_ft_result: '1 - 1',
      league_key: 207,
      league_name: 'Serie A',
    },
  ];
}

const state: ReplayState = {
  key: GOOD_KEY,
  apiFootball: {
    fixtures: apiFootballFixtures(),
    odds: { 1003: ['1.85', '3.60', '4.20'], 1008: ['1.55', '4.33', '5.50'] },
    // the documented bet names beyond Match Winner (issue 32 item 6)
    bets: {
      1003: [
        {
          id: 12,
          name: 'Double Chance',
          values: [
            { value: 'Home/Draw', odd: '1.22' },
            { value: 'Home/Away', odd: '1.30' },
            { value: 'Draw/Away', odd: '1.95' },
          ],
        },
        {
          id: 8,
          name: 'Both Teams Score',
          values: [
            { value: 'Yes', odd: '1.80' },
            { value: 'No', odd: '1.95' },
          ],
        },
        {
          id: 4,
          name: 'Asian Handicap',
          values: [
            { value: 'Home -0.5', odd: '1.87' },
            { value: 'Away +0.5', odd: '1.97' },
            { value: 'Home -0.25', odd: '1.70' },
            { value: 'Away +0.25', odd: '2.15' },
          ],
        },
        // a partial book: offered from our model, the feed's prices only inform the fit
        {
          id: 10,
          name: 'Exact Score',
          values: [
            { value: '1:0', odd: '7.00' },
            { value: '2:1', odd: '9.50' },
          ],
        },
        { id: 45, name: 'Corners Over Under', values: [{ value: 'Over 9.5', odd: '1.85' }] },
      ],
    },
    liveOdds: { 1002: ['5.00', '3.10', '1.70'] },
  },
  allSports: {
    events: allSportsEvents(),
    odds: {
      5003: [
        {
          odd_bookmakers: 'bwin',
          odd_1: 2.1,
          odd_x: 3.25,
          odd_2: '3.60',
          odd_1x: '1.30',
          odd_12: '1.33',
          odd_x2: '1.68',
          'o+2.5': '1.95',
          'u+2.5': '1.85',
          bts_yes: '1.75',
          bts_no: '2.00',
          'ah-0.5_1': '2.10',
          'ah-0.5_2': '1.75',
          'ah-0.25_1': '1.90',
        },
      ],
    },
  },
  fail: {},
};

let server: Awaited<ReturnType<typeof startReplayServer>>;
let h: GamesHarness;

beforeAll(async () => {
  server = await startReplayServer(state);
  h = await startGames({
    env: {
      API_FOOTBALL_KEY: GOOD_KEY,
      API_FOOTBALL_URL: `${server.url}/apifootball`,
      API_FOOTBALL_LEAGUES: '399,39,140',
      ALLSPORTS_API_KEY: GOOD_KEY,
      ALLSPORTS_API_URL: `${server.url}/allsports/football/`,
      SYNC_INTERVAL_MINUTES: '0',
    },
  });
});
afterAll(async () => {
  await h?.close();
  await server?.close();
});
beforeEach(() => {
  state.fail = {};
  state.key = GOOD_KEY;
  state.delayMs = 0;
});

const sync = (source: string) => h.api('POST', '/admin/games/sync', { source }, h.adminToken);
async function byProvider(provider: string, providerId: string) {
  const row = await h.svc.ctx.db
    .selectFrom('games')
    .select('id')
    .where('provider', '=', provider)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return (await h.api('GET', `/games/${row.id}`)).body;
}
const settle = () => h.drained();
const eventsOf = (id: string, subject: string) =>
  h.seen.filter((e) => e.subject === subject && ((e.data as any).gameId ?? (e.data as any).game?._id) === id);

describe('API-Football v3 (replayed)', () => {
  it('syncs fixtures, live scores, events and odds into the catalogue', async () => {
    const res = await sync('apifootball');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe(
      'Successfully synced 7 games from API-Football (7 new, 0 updated, 2 settled, 1 cancelled).',
    );

    const finished = await byProvider('apifootball', '1001');
    expect(finished).toMatchObject({
      homeTeam: 'Enyimba',
      awayTeam: 'Rivers United',
      league: 'NPFL',
      status: 'finished',
      result: 'A',
      scores: { home: 2, away: 1 },
      homeTeamLogo: 'https://media.example/teams/1.png',
    });
    const details = (await h.api('GET', `/games/${finished._id}/details`)).body;
    expect(details.scores).toEqual({ home: 2, away: 1 });
    expect(
      details.events.map(
        (e: any) =>
          `${e.time.elapsed}${e.time.extra ? `+${e.time.extra}` : ''} ${e.type} ${e.team.name} ${e.player.name} ${e.detail}`,
      ),
    ).toEqual([
      '23 Goal Enyimba C. Okafor Normal Goal',
      '40 Card Rivers United S. Bello Yellow Card',
      '55 Goal Rivers United M. Eze Normal Goal',
      '60 subst Enyimba K. Nwosu Substitution 1',
      '90+3 Goal Enyimba C. Okafor Penalty',
    ]);

    const live = await byProvider('apifootball', '1002');
    expect(live).toMatchObject({
      status: 'live',
      elapsedTime: 67,
      scores: { home: 0, away: 1 },
      odds: { home: 5, draw: 3.1, away: 1.7 },
    });
    expect((await h.api('GET', `/games/${live._id}/details`)).body.events).toHaveLength(1);

    expect(await byProvider('apifootball', '1003')).toMatchObject({
      status: 'upcoming',
      odds: { home: 1.85, draw: 3.6, away: 4.2 },
    });
    // the second odds page was fetched too
    expect(await byProvider('apifootball', '1008')).toMatchObject({
      odds: { home: 1.55, draw: 4.33, away: 5.5 },
    });
    expect(server.requests.some((r) => r.startsWith('/apifootball/odds?') && r.includes('page=2'))).toBe(
      true,
    );
    // no provider price: our model prices it, a valid book
    const modelled = await byProvider('apifootball', '1004');
    const o = modelled.odds;
    expect(1 / o.home + 1 / o.draw + 1 / o.away).toBeCloseTo(1.06, 2);
    expect(await byProvider('apifootball', '1005')).toMatchObject({ status: 'cancelled' });
    // settled on the regulation-time score: 1-1 after 90 minutes, 2-1 after extra time
    expect(await byProvider('apifootball', '1006')).toMatchObject({
      status: 'finished',
      result: 'Draw',
      scores: { home: 1, away: 1 },
    });
    // a league outside API_FOOTBALL_LEAGUES stays out
    expect(await byProvider('apifootball', '1007')).toBeUndefined();

    await settle();
    expect(eventsOf(finished._id, 'games.created')).toHaveLength(1);
    // a feed's game in play offers every market, priced from the model fitted to its live 1X2
    // price at the feed's score and minute (issue 32)
    const liveAnnounced = eventsOf(live._id, 'games.odds_changed').map((e) => e.data as any);
    expect(liveAnnounced).toHaveLength(1);
    expect(liveAnnounced[0]).toMatchObject({
      gameId: live._id,
      odds: { home: 5, draw: 3.1, away: 1.7 },
      live: true,
    });
    expect(liveAnnounced[0].markets['1x2']).toEqual({ A: 500, Draw: 310, B: 170 });
    // 0-1 at 67': Under 0.5 is lost, Over 0.5 decided
    expect(liveAnnounced[0].markets['ou_0.5']).toEqual({ over: null, under: null });
    expect(liveAnnounced[0].markets['ou_2.5'].over).toBeGreaterThan(101);
    expect(eventsOf(finished._id, 'games.settled')).toHaveLength(1);
    expect(eventsOf((await byProvider('apifootball', '1006'))._id, 'games.settled')[0].data).toMatchObject({
      result: 'Draw',
    });
    const trail = await h.svc.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'sync')
      .execute();
    expect(trail.map((t) => [t.action, t.entity_id, t.actor_id])).toEqual([
      ['sync.run', 'apifootball', h.adminId],
    ]);
  });

  it('is idempotent: the same answers again change nothing and announce nothing', async () => {
    await settle();
    // the sync itself is an admin action and is audited (games.admin_action); nothing else may follow
    const announced = () => h.seen.filter((e) => e.subject !== 'games.admin_action').length;
    const before = announced();
    const count = await h.svc.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await sync('apifootball');
    expect(res.body.msg).toBe('Successfully synced 7 games from API-Football (0 new, 0 updated).');
    await settle();
    expect(announced()).toBe(before);
    const after = await h.svc.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(count.n);
  });

  it("offers a live game's markets, suspends them on a goal and clears an admin's pinned price (games-007)", async () => {
    const kano = await byProvider('apifootball', '1002');
    const marketsOf = async () =>
      new Map<string, any>(
        ((await h.api('GET', `/games/${kano._id}/markets`)).body.markets as any[]).map((m) => [m.key, m]),
      );
    // the last sync priced it: open, every market offered
    let byKey = await marketsOf();
    expect(byKey.get('ou_2.5')).toMatchObject({ status: 'open', source: 'model' });
    expect(byKey.get('1x2')).toMatchObject({ status: 'open', source: 'feed' });
    expect(byKey.get('btts').outcomes.every((o: any) => o.odds > 1)).toBe(true);
    // all but the ones the match has decided (0-1 at 67': the first half is over, a goal is in)
    expect(
      [...byKey.values()]
        .filter((m) => m.status !== 'open')
        .map((m) => m.key)
        .sort(),
    ).toEqual(['ht', 'htft', 'ou_0.5', 'tt_away_0.5']);
    // an admin pins Over/Under 2.5 at a price that a goal would make stale
    const pin = await h.api(
      'PATCH',
      `/admin/games/${kano._id}/markets/ou_2.5/adjust-odds`,
      { odds: { over: 9.35, under: 1.05 } },
      h.adminToken,
    );
    expect(pin.status, JSON.stringify(pin.body)).toBe(200);
    expect((await marketsOf()).get('ou_2.5')).toMatchObject({ source: 'admin' });
    await settle();
    const seenBefore = h.seen.length;

    const f = state.apiFootball.fixtures.find((x) => x.id === 1002)!;
    const was = structuredClone(f);
    Object.assign(f, {
      elapsed: 75,
      goals: { home: 0, away: 2 },
      events: [
        ...(f.events ?? []),
        { elapsed: 74, teamId: 4, player: 'T. Adeyemi', type: 'Goal', detail: 'Normal Goal' },
      ],
    });
    state.apiFootball.liveOdds = { 1002: ['41.00', '11.00', '1.06'] };
    const res = await sync('apifootball');
    expect(res.status).toBe(200);

    // the goal suspends the game and every market, the new prices announced with the suspension
    expect(await byProvider('apifootball', '1002')).toMatchObject({
      suspended: true,
      scores: { home: 0, away: 2 },
    });
    byKey = await marketsOf();
    expect([...byKey.values()].every((m) => m.status === 'suspended')).toBe(true);
    // the pin is gone: the model's price returns (2 goals: Over 2.5 is one goal away)
    expect(byKey.get('ou_2.5').source).toBe('model');
    expect(byKey.get('ou_2.5').outcomes.find((o: any) => o.code === 'over').odds).not.toBe(9.35);
    await settle();
    const announced = h.seen
      .slice(seenBefore)
      .filter((e) => e.subject === 'games.odds_changed' && (e.data as any).gameId === kano._id)
      .map((e) => e.data as any);
    expect(announced).toHaveLength(1);
    expect(Date.parse(announced[0].suspendedUntil)).toBeGreaterThan(Date.now());
    expect(announced[0].markets['ou_2.5'].over).not.toBe(935);
    const trail = (await h.api('GET', `/admin/games/${kano._id}/audit`, undefined, h.adminToken)).body;
    const cleared = (trail.audit as any[]).find((t: any) => t.action === 'market.pins_cleared');
    expect(cleared).toMatchObject({
      actor: { _id: 'live-trading' },
      before: { adjusted: null, pinned: { 'ou_2.5': { over: 9.35, under: 1.05 } } },
      after: { adjusted: null, pinned: {}, reason: 'Goal (API-Football)' },
    });
    // and the markets reopen at the new prices after the suspension (LIVE_SUSPEND_MS)
    await eventually(async () => (await marketsOf()).get('ou_2.5').status === 'open', 10_000, 200);
    Object.assign(f, was);
    state.apiFootball.liveOdds = { 1002: ['5.00', '3.10', '1.70'] };
  });

  it('follows a game to full time, never overwrites an admin adjustment, and reports a result it disagrees with', async () => {
    const arsenal = await byProvider('apifootball', '1003');
    await h.api(
      'PATCH',
      `/admin/games/${arsenal._id}/adjust-odds`,
      { home: 2.5, draw: 3.2, away: 2.9 },
      h.adminToken,
    );
    const f = state.apiFootball.fixtures;
    const kano = f.find((x) => x.id === 1002)!;
    Object.assign(kano, {
      short: 'FT',
      elapsed: 90,
      goals: { home: 0, away: 2 },
      fulltime: { home: 0, away: 2 },
    });
    state.apiFootball.liveOdds = {};
    state.apiFootball.odds[1003] = ['1.70', '3.80', '4.80'];
    const enyimba = f.find((x) => x.id === 1001)!;
    Object.assign(enyimba, { goals: { home: 1, away: 1 }, fulltime: { home: 1, away: 1 } });

    const res = await sync('apifootball');
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(
      /^Successfully synced 7 games from API-Football \(0 new, 2 updated, 1 settled\)\./,
    );
    expect(res.body.msg).toMatch(/1 kept their admin-adjusted odds/);
    expect(res.body.msg).toMatch(
      /1 result conflict\(s\) need an admin: Enyimba v Rivers United: the provider reports Draw \(1-1\) for a game settled as A/,
    );

    const k = await byProvider('apifootball', '1002');
    expect(k).toMatchObject({ status: 'finished', result: 'B', scores: { home: 0, away: 2 } });
    expect(await byProvider('apifootball', '1001')).toMatchObject({
      result: 'A',
      scores: { home: 2, away: 1 },
    });
    expect((await byProvider('apifootball', '1003')).odds).toEqual({ home: 2.5, draw: 3.2, away: 2.9 });
    const reset = await h.api('DELETE', `/admin/games/${arsenal._id}/adjust-odds`, undefined, h.adminToken);
    expect(reset.body.game.odds).toEqual({ home: 1.7, draw: 3.8, away: 4.8 });
    await settle();
    expect(eventsOf(k._id, 'games.settled')).toHaveLength(1);
    expect(h.seen.filter((e) => e.subject === 'games.result_corrected')).toHaveLength(0);
    Object.assign(enyimba, { goals: { home: 2, away: 1 }, fulltime: { home: 2, away: 1 } });
  });

  it('a sync asked for while one runs waits for it and reports it: no error, then success', async () => {
    // a slow provider: the admin's click lands while the first sync (say, the scheduled one) runs
    state.delayMs = 150;
    const [first, second] = await Promise.all([sync('apifootball'), sync('apifootball')]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    expect(first.body.msg).toMatch(/^Successfully synced 7 games from API-Football/);
    expect(second.body.msg).toBe(first.body.msg);
  });

  it('explains a revoked key, a rate limit, a used-up quota and an outage, and changes nothing', async () => {
    await settle();
    const before = h.seen.length;
    state.key = 'something-else';
    let res = await sync('apifootball');
    expect(res.status).toBe(502);
    expect(res.body.msg).toMatch(
      /API-Football refused the API key: Error\/Missing application key.*\(check API_FOOTBALL_KEY\)/,
    );
    expect(res.body.msg).not.toContain(GOOD_KEY);
    state.key = GOOD_KEY;
    state.fail.apiFootball = 'ratelimit';
    res = await sync('apifootball');
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/API-Football rate limit reached/);
    state.fail.apiFootball = 'quota';
    res = await sync('apifootball');
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/request limit for the day/);
    state.fail.apiFootball = 'down';
    res = await sync('apifootball');
    expect(res.status).toBe(502);
    expect(res.body.msg).toMatch(/API-Football is unavailable/);
    await settle();
    expect(h.seen.length).toBe(before);
  });

  it('still syncs fixtures when only the odds are rate limited, and says so', async () => {
    state.fail.apiFootballOdds = 'ratelimit';
    const res = await sync('apifootball');
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/odds skipped: API-Football rate limit reached/);
  });
});

describe('AllSportsAPI (replayed)', () => {
  it('syncs fixtures with inline goals, cards and substitutions, live scores and odds', async () => {
    const res = await sync('allsportsapi');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('Successfully synced 4 games from AllSportsAPI (4 new, 0 updated, 2 settled).');
    const done = await byProvider('allsportsapi', '5001');
    expect(done).toMatchObject({
      status: 'finished',
      result: 'B',
      scores: { home: 1, away: 2 },
      league: 'NPFL',
    });
    const details = (await h.api('GET', `/games/${done._id}/details`)).body;
    expect(
      details.events.map(
        (e: any) =>
          `${e.time.elapsed}${e.time.extra ? `+${e.time.extra}` : ''} ${e.type} ${e.team.name} ${e.player.name} ${e.detail}`,
      ),
    ).toEqual([
      '12 Goal Plateau United I. Yusuf Normal Goal',
      '45+1 Goal Shooting Stars B. Lawal Penalty',
      '63 Card Shooting Stars O. Chukwu Red Card',
      '70 subst Plateau United D. Obi Substitution (I. Yusuf off)',
      '77 Goal Plateau United I. Yusuf Normal Goal',
    ]);
    expect(await byProvider('allsportsapi', '5002')).toMatchObject({
      status: 'live',
      elapsedTime: 67,
      scores: { home: 1, away: 0 },
    });
    expect(await byProvider('allsportsapi', '5003')).toMatchObject({
      status: 'upcoming',
      odds: { home: 2.1, draw: 3.25, away: 3.6 },
    });
    expect(await byProvider('allsportsapi', '5004')).toMatchObject({
      result: 'Draw',
      scores: { home: 1, away: 1 },
    });
    const again = await sync('allsportsapi');
    expect(again.body.msg).toBe('Successfully synced 4 games from AllSportsAPI (0 new, 0 updated).');
  });

  it('explains a refused key and a rate limit', async () => {
    state.key = 'nope';
    let res = await sync('allsportsapi');
    expect(res.status).toBe(502);
    expect(res.body.msg).toMatch(
      /AllSportsAPI refused the API key: Invalid API key \(check ALLSPORTS_API_KEY\)/,
    );
    state.key = GOOD_KEY;
    state.fail.allSports = 'ratelimit';
    res = await sync('allsportsapi');
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/AllSportsAPI rate limit reached/);
    state.fail.allSports = 'down';
    res = await sync('allsportsapi');
    expect(res.status).toBe(502);
  });
});

describe('events and schedule', () => {
  it('every event the syncs published satisfies its catalogue schema', async () => {
    await settle();
    expect(h.seen.length).toBeGreaterThan(10);
    expect(h.invalid).toEqual([]);
  });

  it('syncs on a schedule when a key is set', async () => {
    const scheduled = await startGames({
      env: {
        API_FOOTBALL_KEY: GOOD_KEY,
        API_FOOTBALL_URL: `${server.url}/apifootball`,
        SYNC_INTERVAL_MINUTES: '60',
      },
    });
    try {
      const row = await eventually(
        () =>
          scheduled.svc.ctx.db
            .selectFrom('games')
            .select('id')
            .where('provider', '=', 'apifootball')
            .where('provider_id', '=', '1003')
            .executeTakeFirst(),
        15_000,
      );
      expect(row).toBeDefined();
    } finally {
      await scheduled.close();
    }
  }, 30_000);

  it('refuses to start with a real provider as the main feed and no key, naming the setting', async () => {
    const { testInfrastructure } = await import('@bet/kit/testing');
    const { startService } = await import('@bet/kit');
    const { gamesService } = await import('../src/index');
    const infra = await testInfrastructure({ env: { GAMES_PROVIDER: 'apifootball' } });
    try {
      await expect(startService(gamesService, infra)).rejects.toThrow(
        /GAMES_PROVIDER=apifootball needs API_FOOTBALL_KEY/,
      );
    } finally {
      await infra.close();
    }
  });
});

describe('markets beyond 1X2 from the feeds (issue 32 item 6)', () => {
  const marketsOf = async (provider: string, id: string) => {
    const g = await byProvider(provider, id);
    const body = (await h.api('GET', `/games/${g._id}/markets`)).body;
    return { g, byKey: new Map<string, any>(body.markets.map((m: any) => [m.key, m])) };
  };
  const odds = (m: any) => Object.fromEntries(m.outcomes.map((o: any) => [o.code, o.odds]));

  it('API-Football: the documented bets become our markets, labelled feed; the rest come from our model, fitted to them', async () => {
    await sync('apifootball');
    const { byKey } = await marketsOf('apifootball', '1003');
    expect(byKey.get('1x2').source).toBe('feed');
    expect(byKey.get('dc')).toMatchObject({ source: 'feed', status: 'open' });
    expect(odds(byKey.get('dc'))).toEqual({ '1X': 1.22, '12': 1.3, X2: 1.95 });
    expect(odds(byKey.get('btts'))).toEqual({ yes: 1.8, no: 1.95 });
    expect(odds(byKey.get('ou_2.5'))).toEqual({ over: 1.9, under: 1.9 });
    expect(odds(byKey.get('ah_-0.5'))).toEqual({ A: 1.87, B: 1.97 });
    expect(byKey.get('ah_-0.5').source).toBe('feed');
    // not priced by the feed (a partial correct score, an unlisted line): our model's, labelled so
    for (const key of ['cs', 'ou_3.5', 'htft', 'eh_-1']) expect(byKey.get(key).source).toBe('model');
    expect(byKey.get('ou_3.5').outcomes.every((o: any) => o.odds > 1)).toBe(true);
    // announced with them, so betting takes what the page shows
    const g = await byProvider('apifootball', '1003');
    const announced = eventsOf(g._id, 'games.created').concat(eventsOf(g._id, 'games.odds_changed'));
    expect(announced.some((e) => (e.data as any).markets?.btts?.yes === 180)).toBe(true);
  });

  it('API-Football: a finished fixture settles with its half-time score', async () => {
    await settle();
    const g = await byProvider('apifootball', '1001');
    const settled = eventsOf(g._id, 'games.settled');
    expect(settled.length).toBe(1);
    expect((settled[0].data as any).htScores).toEqual({ home: 1, away: 0 });
    const { byKey } = await marketsOf('apifootball', '1001');
    expect(byKey.get('ht').outcomes.find((o: any) => o.code === 'A').result).toBe('won');
    expect(byKey.get('htft').outcomes.find((o: any) => o.code === 'A/A').result).toBe('won');
  });

  it('AllSportsAPI: its odds fields become our markets, and a finished event settles with its half-time score', async () => {
    await sync('allsportsapi');
    await settle();
    const { byKey } = await marketsOf('allsportsapi', '5003');
    expect(odds(byKey.get('dc'))).toEqual({ '1X': 1.3, '12': 1.33, X2: 1.68 });
    expect(odds(byKey.get('ou_2.5'))).toEqual({ over: 1.95, under: 1.85 });
    expect(odds(byKey.get('btts'))).toEqual({ yes: 1.75, no: 2 });
    expect(odds(byKey.get('ah_-0.5'))).toEqual({ A: 2.1, B: 1.75 });
    for (const key of ['dc', 'ou_2.5', 'btts', 'ah_-0.5']) expect(byKey.get(key).source).toBe('feed');
    expect(byKey.get('ou_1.5').source).toBe('model');
    const done = await byProvider('allsportsapi', '5001');
    expect((eventsOf(done._id, 'games.settled')[0].data as any).htScores).toEqual({ home: 1, away: 1 });
  });
});
