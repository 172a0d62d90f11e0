import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { BetsPlaced } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebaseLogoUrls } from '../src/app/logo-urls';
import { SimulatorRunner } from '../src/index';
import { type GamesHarness, startGames } from './helpers';

const START = Date.parse('2026-06-01T12:00:00Z');
const SIM_ENV = {
  SIMULATOR_SPEED: '60',
  SIMULATOR_SEED: '7',
  SIMULATOR_HORIZON_HOURS: '6',
  SIMULATOR_BACKFILL_HOURS: '4',
};

/** a simulator over the harness's real database, on a clock the test moves */
function driver(h: GamesHarness) {
  const clock = { now: START };
  const runner = new SimulatorRunner(h.svc.ctx, { clock: () => clock.now });
  return { clock, runner };
}

async function snapshot(h: GamesHarness) {
  return h.svc.ctx.db
    .selectFrom('games')
    .select([
      'id',
      'provider_id',
      'home_team',
      'away_team',
      'league',
      'match_date',
      'status',
      'home_score',
      'away_score',
      'result',
      'elapsed',
    ])
    .where('provider', '=', 'simulator')
    .orderBy('provider_id')
    .execute();
}

describe('simulator against Postgres and NATS', () => {
  let h: GamesHarness;
  let sim: ReturnType<typeof driver>;
  const history = new Map<string, string[]>();
  const record = async () => {
    for (const g of await snapshot(h)) {
      const list = history.get(g.id) ?? [];
      if (list[list.length - 1] !== g.status) list.push(g.status);
      history.set(g.id, list);
    }
  };

  beforeAll(async () => {
    h = await startGames({ env: SIM_ENV });
    sim = driver(h);
    const first = await sim.runner.tick();
    expect(first.leader).toBe(true);
    await record();
    // four simulated hours of play, ten simulated minutes per tick
    for (let i = 0; i < 24; i++) {
      sim.clock.now += 10_000;
      await sim.runner.tick();
      await record();
    }
    await h.svc.ctx.relay.flush();
  }, 120_000);
  afterAll(async () => {
    await sim?.runner.stop();
    await h?.close();
  });

  it('keeps a rolling calendar with upcoming, live and finished games of real leagues', async () => {
    const games = await snapshot(h);
    const by = (s: string) => games.filter((g) => g.status === s);
    expect(by('upcoming').length).toBeGreaterThan(10);
    expect(by('live').length).toBeGreaterThan(2);
    expect(by('finished').length).toBeGreaterThan(10);
    expect(new Set(games.map((g) => g.league))).toContain('Nigeria Premier Football League');
    const api = (await h.api('GET', '/games/live')).body.games;
    expect(api.length).toBe(by('live').length);
    for (const g of api) {
      expect(g.elapsedTime).toBeGreaterThanOrEqual(0);
      // absolute on PUBLIC_URL, so a web client on another origin loads it as it is
      expect(g.homeTeamLogo).toMatch(/^https?:\/\/[^/]+\/api\/v1\/games\/logos\/[a-z0-9-]+\.svg$/);
    }
    const logo = await h.svc.app.inject(new URL(api[0].homeTeamLogo).pathname);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
  });

  it('never moves a game backwards: upcoming → live → finished only', () => {
    const allowed = new Set([
      'upcoming',
      'upcoming,live',
      'upcoming,live,finished',
      'live',
      'live,finished',
      'finished',
      'upcoming,finished',
    ]);
    for (const [id, path] of history)
      expect(allowed.has(path.join(',')), `${id}: ${path.join(' → ')}`).toBe(true);
    expect([...history.values()].some((p) => p.join(',') === 'upcoming,live,finished')).toBe(true);
  });

  it('settles every finished game exactly once, with the score its goal events add up to', async () => {
    const finished = (await snapshot(h)).filter((g) => g.status === 'finished');
    await eventually(() => h.seen.filter((e) => e.subject === 'games.settled').length >= finished.length);
    for (const g of finished) {
      const settled = h.seen.filter((e) => e.subject === 'games.settled' && (e.data as any).gameId === g.id);
      expect(settled).toHaveLength(1);
      expect(settled[0].data).toMatchObject({
        result: g.result,
        scores: { home: g.home_score, away: g.away_score },
      });
      const details = (await h.api('GET', `/games/${g.id}/details`)).body;
      const goals = (team: string) =>
        details.events.filter((e: any) => e.type === 'Goal' && e.team.name === team).length;
      expect({ home: goals(g.home_team), away: goals(g.away_team) }).toEqual({
        home: g.home_score,
        away: g.away_score,
      });
      for (const e of details.events) {
        expect(e.time.elapsed).toBeGreaterThanOrEqual(1);
        expect(e.time.elapsed).toBeLessThanOrEqual(90);
        expect(['Goal', 'Card', 'subst']).toContain(e.type);
        expect(e.player.name).toEqual(expect.any(String));
      }
    }
  });

  it('announces the price of every game that kicked off as an in-play price', async () => {
    const started = (await snapshot(h)).filter((g) => g.status !== 'upcoming' && g.status !== 'cancelled');
    for (const g of started.filter((x) => x.status === 'live')) {
      expect(
        h.seen.some(
          (e) =>
            e.subject === 'games.odds_changed' && (e.data as any).gameId === g.id && (e.data as any).live,
        ),
      ).toBe(true);
    }
  });

  it('prices in play: live odds announcements are valid books and follow goals', async () => {
    const live = h.seen.filter((e) => e.subject === 'games.odds_changed' && (e.data as any).live);
    expect(live.length).toBeGreaterThan(5);
    for (const e of live) {
      const o = (e.data as any).odds;
      for (const v of [o.home, o.draw, o.away]) {
        expect(v).toBeGreaterThanOrEqual(1.01);
        expect(Math.round(v * 100)).toBeCloseTo(v * 100, 9);
      }
      expect(1 / o.home + 1 / o.draw + 1 / o.away).toBeCloseTo(1.06, 1);
    }
  });

  it('published only events that satisfy their catalogue schemas', () => {
    expect(h.seen.length).toBeGreaterThan(100);
    expect(h.invalid).toEqual([]);
  });

  it('leaves cancelled and admin-settled games alone and never settles twice', async () => {
    const live = (await snapshot(h)).filter((g) => g.status === 'live');
    expect(live.length).toBeGreaterThanOrEqual(2);
    const [a, b] = live;
    expect((await h.api('PATCH', `/games/${a.id}/cancel`, undefined, h.adminToken)).status).toBe(200);
    const res = await h.api(
      'PATCH',
      `/games/${b.id}/result`,
      { result: 'Draw', homeScore: 3, awayScore: 3 },
      h.adminToken,
    );
    expect(res.status).toBe(200);
    for (let i = 0; i < 15; i++) {
      sim.clock.now += 10_000;
      await sim.runner.tick();
    }
    await h.svc.ctx.relay.flush();
    const after = await snapshot(h);
    expect(after.find((g) => g.id === a.id)).toMatchObject({ status: 'cancelled', result: null });
    expect(after.find((g) => g.id === b.id)).toMatchObject({
      status: 'finished',
      result: 'Draw',
      home_score: 3,
      away_score: 3,
    });
    await h.drained();
    expect(
      h.seen.filter((e) => e.subject === 'games.settled' && (e.data as any).gameId === b.id),
    ).toHaveLength(1);
    expect(
      h.seen.filter((e) => e.subject === 'games.settled' && (e.data as any).gameId === a.id),
    ).toHaveLength(0);
  });

  it('re-prices upcoming games when a power ranking changes, but keeps an admin adjustment', async () => {
    const upcoming = (await snapshot(h)).filter((g) => g.status === 'upcoming');
    const target = upcoming[upcoming.length - 1];
    const other = upcoming.find(
      (g) => g.home_team !== target.home_team && g.away_team !== target.home_team && g.id !== target.id,
    )!;
    const adjusted = upcoming.find(
      (g) => g.id !== target.id && (g.home_team === target.home_team || g.away_team === target.home_team),
    );
    if (adjusted)
      await h.api(
        'PATCH',
        `/admin/games/${adjusted.id}/adjust-odds`,
        { home: 5, draw: 5, away: 5 },
        h.adminToken,
      );
    const before = (await h.api('GET', `/games/${target.id}`)).body.odds;
    const otherBefore = (await h.api('GET', `/games/${other.id}`)).body.odds;
    const rankings = (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings;
    const r = rankings.find((x: any) => x.teamName === target.home_team);
    expect(r).toBeDefined();
    const up = await h.api(
      'PATCH',
      `/admin/rankings/${r._id}`,
      { ranking: r.ranking >= 95 ? 40 : 100 },
      h.adminToken,
    );
    expect(up.status).toBe(200);
    const after = (await h.api('GET', `/games/${target.id}`)).body.odds;
    if (r.ranking >= 95) expect(after.home).toBeGreaterThan(before.home);
    else expect(after.home).toBeLessThan(before.home);
    expect((await h.api('GET', `/games/${other.id}`)).body.odds).toEqual(otherBefore);
    if (adjusted)
      expect((await h.api('GET', `/games/${adjusted.id}`)).body.odds).toEqual({ home: 5, draw: 5, away: 5 });
    await eventually(() =>
      h.seen.some(
        (e) =>
          e.subject === 'games.odds_changed' && (e.data as any).gameId === target.id && !(e.data as any).live,
      ),
    );
  });

  it('announces every in-play price change of a game somebody bet on', async () => {
    // a game kicking off next, with a bet on it
    const next = (await snapshot(h))
      .filter((g) => g.status === 'upcoming')
      .sort((x, y) => +x.match_date - +y.match_date)[0];
    await h.infra.bus.publish({
      id: newId(),
      subject: BetsPlaced.subject,
      version: 1,
      occurredAt: new Date().toISOString(),
      data: { ...BetsPlaced.example, selections: [{ gameId: next.id, outcome: 'A', oddsHundredths: 200 }] },
    });
    await eventually(() =>
      h.svc.ctx.db
        .selectFrom('game_interest')
        .select('game_id')
        .where('game_id', '=', next.id)
        .executeTakeFirst(),
    );
    sim.clock.now = Math.max(sim.clock.now, +next.match_date);
    let announced = 0;
    let minutes = 0;
    let last = (await h.api('GET', `/games/${next.id}`)).body.odds;
    for (let i = 0; i < 60; i++) {
      sim.clock.now += 1_000; // one simulated minute per tick
      await sim.runner.tick();
      const g = (await h.api('GET', `/games/${next.id}`)).body;
      if (g.status !== 'live') break;
      minutes++;
      const model = await h.svc.ctx.db
        .selectFrom('games')
        .select(['base_home', 'base_draw', 'base_away'])
        .where('id', '=', next.id)
        .executeTakeFirstOrThrow();
      // the public price is the model's price of this very minute
      expect(g.odds).toEqual({
        home: model.base_home / 100,
        draw: model.base_draw / 100,
        away: model.base_away / 100,
      });
      if (JSON.stringify(g.odds) !== JSON.stringify(last)) announced++;
      last = g.odds;
    }
    expect(minutes).toBeGreaterThan(30);
    await h.svc.ctx.relay.flush();
    await eventually(
      () =>
        h.seen.filter(
          (e) =>
            e.subject === 'games.odds_changed' && (e.data as any).gameId === next.id && (e.data as any).live,
        ).length >= announced,
    );
    expect(announced).toBeGreaterThan(20);
  });
});

describe('simulator runs', () => {
  it('are reproducible from the calendar seed and the secret', async () => {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      // the operator's secret (SIMULATOR_SECRET) instead of one generated per database
      const h = await startGames({ env: { ...SIM_ENV, SIMULATOR_SECRET: '5eed'.repeat(8) } });
      const sim = driver(h);
      for (let t = 0; t < 8; t++) {
        await sim.runner.tick();
        sim.clock.now += 15_000;
      }
      const games = (await snapshot(h)).map(({ id: _id, ...rest }) => rest);
      const events = await h.svc.ctx.db
        .selectFrom('match_events')
        .innerJoin('games', 'games.id', 'match_events.game_id')
        .select([
          'games.provider_id',
          'match_events.seq',
          'match_events.type',
          'match_events.side',
          'match_events.elapsed',
          'match_events.extra',
          'match_events.player',
          'match_events.detail',
        ])
        .orderBy('games.provider_id')
        .orderBy('match_events.seq')
        .execute();
      runs.push({ games, events });
      await sim.runner.stop();
      await h.close();
    }
    expect(runs[0].games.length).toBeGreaterThan(20);
    expect(runs[0].events.length).toBeGreaterThan(50);
    expect(runs[1]).toEqual(runs[0]);
  }, 120_000);

  it('are driven by exactly one replica at a time', async () => {
    const h = await startGames({ env: SIM_ENV });
    const a = driver(h);
    const b = driver(h);
    expect((await a.runner.tick()).leader).toBe(true);
    expect((await b.runner.tick()).leader).toBe(false);
    expect((await a.runner.tick()).leader).toBe(true);
    await a.runner.stop(); // lets go of the lease
    expect((await b.runner.tick()).leader).toBe(true);
    expect((await a.runner.tick()).leader).toBe(false);
    await b.runner.stop();
    await h.close();
  }, 60_000);

  it('renew their lease every third of its life, not on every tick', async () => {
    // a lease of 100 s (five ticks): renewed after 33 s of wall clock, so never in this test
    const h = await startGames({ env: { ...SIM_ENV, SIMULATOR_TICK_MS: '20000' } });
    const a = driver(h);
    const expiry = async () =>
      (
        await h.svc.ctx.db
          .selectFrom('kit_leases')
          .select('expires_at')
          .where('name', '=', 'simulator')
          .executeTakeFirstOrThrow()
      ).expires_at;
    expect((await a.runner.tick()).leader).toBe(true);
    const first = await expiry();
    a.clock.now += 15_000;
    expect((await a.runner.tick()).leader).toBe(true);
    expect(await expiry()).toEqual(first);
    await a.runner.stop();
    await h.close();
  }, 60_000);

  it('fill the embedded mode with upcoming, live and finished games at start', async () => {
    const h = await startGames({
      kind: 'embedded',
      env: { GAMES_PROVIDER: 'simulator', SIMULATOR_SPEED: '10' },
    });
    try {
      for (const status of ['upcoming', 'live', 'finished']) {
        const res = await h.api('GET', `/games?status=${status}&limit=500`);
        expect(res.body.games.length, status).toBeGreaterThan(0);
      }
      const rankings = (await h.api('GET', '/admin/rankings', undefined, h.adminToken)).body.rankings;
      expect(rankings.map((r: any) => r.teamName)).toContain('Enyimba');
    } finally {
      await h.close();
    }
  }, 120_000);
});

describe('the simulated catalogue stays a window', () => {
  it('books matches for every day the web offers as a chip (today and the next seven), weekends fuller', async () => {
    const h = await startGames({ env: { SIMULATOR_SPEED: '10', SIMULATOR_SEED: '5' } });
    try {
      const sim = driver(h);
      await sim.runner.tick();
      const day = 86_400_000;
      const today = Math.floor(START / day) * day;
      const counts: number[] = [];
      for (let d = 0; d < 8; d++) {
        const from = new Date(Math.max(START, today + d * day)).toISOString();
        const to = new Date(today + (d + 1) * day - 1).toISOString();
        const res = await h.api('GET', `/games?status=upcoming&limit=500&from=${from}&to=${to}`);
        counts.push(res.body.games.length);
      }
      expect(
        counts.every((n) => n > 0),
        counts.join(','),
      ).toBe(true);
      // 2026-06-01 is a Monday: the Saturday (d = 5) carries more matches than the Thursday (d = 3)
      expect(counts[5]).toBeGreaterThan(counts[3]);
      // a second tick the same day books nothing again
      sim.clock.now += 1_000;
      expect((await sim.runner.tick()).created).toBe(0);
      await sim.runner.stop();
    } finally {
      await h.close();
    }
  }, 120_000);

  it('keeps 24 hours of fixtures, prunes old games nobody bet on, and an admin game stays in the first 100', async () => {
    const h = await startGames({
      env: {
        SIMULATOR_SPEED: '60',
        SIMULATOR_SEED: '11',
        SIMULATOR_HORIZON_HOURS: '24',
        SIMULATOR_BACKFILL_HOURS: '8',
        SIMULATOR_KEEP_HOURS: '4',
        // this test is about the rolling horizon: no showcase rounds booked days ahead
        SIMULATOR_CALENDAR_DAYS: '0',
        PUBLIC_URL: 'https://api.example/',
      },
    });
    try {
      const sim = driver(h);
      await sim.runner.tick();
      const hour = 3_600_000 / 60;
      const old = await h.svc.ctx.db
        .selectFrom('games')
        .select(['id'])
        .where('provider', '=', 'simulator')
        .where('status', '=', 'finished')
        .where('match_date', '<', new Date(START + 1_000 - 4 * hour))
        .execute();
      expect(old.length).toBeGreaterThan(2);
      // somebody bet on one of them: it stays
      await h.svc.ctx.db
        .insertInto('game_interest')
        .values({ game_id: old[0].id, first_bet_at: new Date(START) })
        .execute();
      sim.clock.now += 1_000;
      const stats = await sim.runner.tick();
      expect(stats.pruned).toBe(old.length - 1);
      const left = await h.svc.ctx.db
        .selectFrom('games')
        .select(['id'])
        .where('provider', '=', 'simulator')
        .where('status', 'in', ['finished', 'cancelled'])
        .where('match_date', '<', new Date(sim.clock.now - 4 * hour))
        .execute();
      expect(left.map((g) => g.id)).toEqual([old[0].id]);
      const latest = await h.svc.ctx.db
        .selectFrom('games')
        .select((eb) => eb.fn.max('match_date').as('last'))
        .where('provider', '=', 'simulator')
        .executeTakeFirstOrThrow();
      expect(new Date(latest.last as any).getTime()).toBeLessThanOrEqual(
        START + 24 * hour + (20 * 60_000) / 60,
      );

      // the catalogue is larger than the spec client's 100; a game an admin creates for the day after is in them
      expect((await h.api('GET', '/games?limit=500')).body.games.length).toBeGreaterThan(100);
      const created = await h.api(
        'POST',
        '/games',
        {
          homeTeam: 'Admin United',
          awayTeam: 'Ops City',
          league: 'Staff League',
          matchDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          odds: { home: 2, draw: 3, away: 4 },
        },
        h.adminToken,
      );
      expect(created.status).toBe(201);
      const first100 = (await h.api('GET', '/games?limit=100')).body.games;
      expect(first100.map((g: any) => g._id)).toContain(created.body.game._id);
      expect(first100.some((g: any) => g.status === 'finished')).toBe(false);

      // crests are absolute on PUBLIC_URL, and moved onto a new one at start
      const sample = first100.find((g: any) => g.homeTeamLogo);
      expect(sample.homeTeamLogo).toMatch(/^https:\/\/api\.example\/api\/v1\/games\/logos\/[a-z0-9-]+\.svg$/);
      await h.svc.ctx.db
        .updateTable('games')
        .set({
          home_team_logo: '/api/v1/games/logos/enyimba.svg',
          away_team_logo: 'https://media.example/l.png',
        })
        .where('id', '=', sample._id)
        .execute();
      expect(await rebaseLogoUrls(h.svc.ctx)).toBe(1);
      const moved = (await h.api('GET', `/games/${sample._id}`)).body;
      expect(moved.homeTeamLogo).toBe('https://api.example/api/v1/games/logos/enyimba.svg');
      expect(moved.awayTeamLogo).toBe('https://media.example/l.png');
      expect(await rebaseLogoUrls(h.svc.ctx)).toBe(0);
      await sim.runner.stop();
    } finally {
      await h.close();
    }
  }, 120_000);
});
