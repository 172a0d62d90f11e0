import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorRunner } from '../src/index';
import { type GamesHarness, startGames } from './helpers';

/**
 * Issue 13 item 7, the live half: a live market is open only while its in-play price is
 * fresh. The simulator confirms the prices of the live games it prices on every tick; when
 * it stalls, or when the price is an admin's, the market suspends after LIVE_PRICE_MAX_AGE_S.
 */
describe('live prices stay fresh or the market suspends', () => {
  let h: GamesHarness;
  let runner: SimulatorRunner;
  const clock = { now: Date.now() };

  beforeAll(async () => {
    h = await startGames({
      env: {
        SIMULATOR_SPEED: '600',
        SIMULATOR_HORIZON_HOURS: '2',
        SIMULATOR_BACKFILL_HOURS: '1',
        LIVE_PRICE_MAX_AGE_S: '1',
        // this suite is about stale prices: goals (a suspension of their own) would mix in
        LIVE_SUSPEND_MS: '0',
      },
    });
    runner = new SimulatorRunner(h.svc.ctx, { clock: () => clock.now });
    await runner.tick();
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await h?.close();
  });

  const live = async () => (await h.api('GET', '/games/live')).body.games as any[];

  it('labels simulated games, shows their phase, and opens a live market only while the simulator prices it', async () => {
    // a tick at the current time opens every live market; the reads race the 1 s bound, so on
    // a loaded machine (a tick outlasting it) the tick is repeated until they come in time
    const { games, one } = await eventually(
      async () => {
        clock.now = Date.now();
        await runner.tick();
        const games = await live();
        const one = games[0] && (await h.api('GET', `/games/${games[0]._id}`)).body;
        return one && !one.suspended && games.every((g) => !g.suspended) ? { games, one } : undefined;
      },
      10_000,
      100,
    );
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) {
      expect(g).toMatchObject({ source: 'simulator', suspended: false });
      expect(['1H', 'HT', '2H']).toContain(g.phase);
    }
    const id = games[0]._id;
    expect(one).toMatchObject({ source: 'simulator', suspended: false });

    // the simulator stops ticking: a second later nobody can bet on the old price
    await eventually(async () => (await h.api('GET', `/games/${id}`)).body.suspended === true, 10_000, 100);
    expect((await live()).every((g) => g.suspended)).toBe(true);
    // games.get, which betting asks before a live bet, says the same
    const reply = await h.infra.bus.request<{ games: any[] }>('games.get', { gameIds: [id] });
    expect(reply.games[0]).toMatchObject({ _id: id, suspended: true });

    // the next tick re-prices and re-opens it (repeated while a tick outlasts the bound, as above)
    await eventually(
      async () => {
        clock.now = Date.now();
        await runner.tick();
        return (await h.api('GET', `/games/${id}`)).body.suspended === false;
      },
      10_000,
      100,
    );
  });

  it("treats an admin's in-play price as fresh only for the bound, and the simulator does not confirm it", async () => {
    clock.now = Date.now();
    await runner.tick();
    // the game that kicked off last (live() is in kick-off order): the first one may reach full
    // time before its price goes stale, and a finished game is never suspended
    const g = (await live()).at(-1);
    const res = await h.api(
      'PATCH',
      `/admin/games/${g._id}/adjust-odds`,
      { home: 1.8, draw: 3.5, away: 4.6 },
      h.adminToken,
    );
    expect(res.status).toBe(200);
    expect((await h.api('GET', `/games/${g._id}`)).body.suspended).toBe(false);
    await eventually(
      async () => {
        // the simulator keeps ticking (and confirming the prices it made) while its clock moves
        // only a little: at 600× a real second is ten match minutes, and a game that reached
        // full time would be no longer live, never suspended
        clock.now += 20;
        await runner.tick();
        return (await h.api('GET', `/games/${g._id}`)).body.suspended ? true : undefined;
      },
      10_000,
      100,
    );
  });

  it('draws every match from a secret made at first start, kept in the database, different per deployment', async () => {
    const read = async (x: GamesHarness) => {
      const row = await x.svc.ctx.db
        .selectFrom('meta')
        .select('value')
        .where('key', '=', 'simulator_secret')
        .executeTakeFirst();
      const v = typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value;
      return (v as { hex?: string } | undefined)?.hex;
    };
    const mine = await read(h);
    expect(mine).toMatch(/^[0-9a-f]{64}$/);
    const other = await startGames({
      env: { SIMULATOR_SPEED: '600', SIMULATOR_HORIZON_HOURS: '1', SIMULATOR_BACKFILL_HOURS: '1' },
    });
    try {
      const r = new SimulatorRunner(other.svc.ctx, { clock: () => Date.now() });
      await r.tick();
      await r.stop();
      const theirs = await read(other);
      expect(theirs).toMatch(/^[0-9a-f]{64}$/);
      expect(theirs).not.toBe(mine);
      // the secret is nowhere in what the API shows
      const live = JSON.stringify((await other.api('GET', '/games?limit=500')).body);
      expect(live).not.toContain(String(theirs));
    } finally {
      await other.close();
    }
  });

  it('never suspends a game that is not live', async () => {
    const upcoming = (await h.api('GET', '/games?status=upcoming&limit=5')).body.games as any[];
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((g) => g.suspended === false && g.source === 'simulator' && g.phase === null)).toBe(
      true,
    );
  });
});

/**
 * Issue 32 item 5: a goal, a red card or a penalty suspends every market of the game the
 * moment it happens; the new prices are announced at once and taken only once the
 * suspension (LIVE_SUSPEND_MS) is over.
 */
describe('a goal suspends the markets of its game for a few seconds', () => {
  let h: GamesHarness;
  let runner: SimulatorRunner;

  beforeAll(async () => {
    h = await startGames({
      env: {
        SIMULATOR_SPEED: '600',
        SIMULATOR_HORIZON_HOURS: '2',
        SIMULATOR_BACKFILL_HOURS: '1',
        LIVE_PRICE_MAX_AGE_S: '600',
        LIVE_SUSPEND_MS: '2000',
      },
    });
    runner = new SimulatorRunner(h.svc.ctx, { clock: () => Date.now() });
    await runner.tick();
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await h?.close();
  });

  it("clears an admin's pinned live prices at the next goal or red card, audited, and reopens at the model's (games-007)", async () => {
    // pin every live game's 1X2 at a stale price and its Over/Under 2.5
    const live = (await h.api('GET', '/games/live')).body.games as any[];
    expect(live.length).toBeGreaterThan(0);
    const STALE = { home: 935.08, draw: 20, away: 1.01 };
    for (const g of live) {
      const a = await h.api('PATCH', `/admin/games/${g._id}/adjust-odds`, STALE, h.adminToken);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const m = await h.api(
        'PATCH',
        `/admin/games/${g._id}/markets/ou_2.5/adjust-odds`,
        { odds: { over: 9.35, under: 1.05 } },
        h.adminToken,
      );
      expect(m.status, JSON.stringify(m.body)).toBe(200);
    }
    const pinned = new Set(live.map((g) => g._id));
    // play on until one of them has a goal or a red card
    const id = await eventually(
      async () => {
        await runner.tick();
        const rows = await h.svc.ctx.db
          .selectFrom('audit_log')
          .select(['entity_id'])
          .where('action', '=', 'market.pins_cleared')
          .execute();
        return rows.map((r) => r.entity_id).find((x) => pinned.has(x));
      },
      30_000,
      50,
    );
    // stored cleared: no 1X2 adjustment, no pinned market left (only suspensions would stay)
    const row = await h.svc.ctx.db
      .selectFrom('games')
      .select(['adj_home', 'adjusted_by', 'market_control'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ adj_home: null, adjusted_by: null, market_control: null });
    const game = (await h.api('GET', `/games/${id}`)).body;
    // the admin's 935.08 is gone: the model's price, the markets suspended for the goal
    expect(game.odds).not.toEqual(STALE);
    const markets = (await h.api('GET', `/games/${id}/markets`)).body.markets as any[];
    const ou = markets.find((m) => m.key === 'ou_2.5');
    if (game.status === 'live') {
      expect(ou.source).toBe('model');
      expect(ou.outcomes.find((o: any) => o.code === 'over').odds).not.toBe(9.35);
    }
    const trail = (await h.api('GET', `/admin/games/${id}/audit`, undefined, h.adminToken)).body
      .audit as any[];
    const cleared = trail.find((t) => t.action === 'market.pins_cleared');
    expect(cleared).toMatchObject({
      actor: { _id: 'live-trading', username: 'Live trading' },
      before: { adjusted: STALE, pinned: { 'ou_2.5': { over: 9.35, under: 1.05 } } },
      after: { adjusted: null, pinned: {} },
    });
    expect(cleared.after.reason).toMatch(/(Goal|Penalty|Card|card).* \d+'$/);
    // announced: the cleared game's prices with the suspension, on the bus as the admin log reads it
    await h.drained();
    const announced = h.seen.filter(
      (e: any) => e.subject === 'games.odds_changed' && e.data.gameId === id && e.data.suspendedUntil,
    );
    expect(announced.length).toBeGreaterThan(0);
    expect((announced.at(-1)!.data as any).odds).not.toEqual(STALE);
    expect(
      h.seen.some((e: any) => e.subject === 'games.admin_action' && e.data.action === 'market.pins_cleared'),
    ).toBe(true);
    expect(h.invalid).toEqual([]);
    // the other pinned games: reset, so the next test sees the model's prices
    for (const g of live) {
      await h.api('DELETE', `/admin/games/${g._id}/adjust-odds`, undefined, h.adminToken);
      await h.api('DELETE', `/admin/games/${g._id}/markets/ou_2.5/adjust-odds`, undefined, h.adminToken);
    }
  }, 60_000);

  it('suspends the game, its markets and games.get, announces the suspension, then reopens', async () => {
    // the simulator plays ten match minutes a real second: a goal comes within seconds
    const id = await eventually(
      async () => {
        await runner.tick();
        const rows = await h.svc.ctx.db.selectFrom('games').select(['id', 'sim_state']).execute();
        const hit = rows.find((r) => {
          const sim = (typeof r.sim_state === 'string' ? JSON.parse(r.sim_state) : r.sim_state) as any;
          return sim?.suspendedUntil > Date.now() + 500;
        });
        return hit?.id;
      },
      30_000,
      50,
    );
    expect((await h.api('GET', `/games/${id}`)).body.suspended).toBe(true);
    const markets = (await h.api('GET', `/games/${id}/markets`)).body.markets as any[];
    expect(markets.length).toBeGreaterThan(1);
    expect(markets.every((m) => m.status === 'suspended')).toBe(true);
    const reply = await h.infra.bus.request<{ games: any[] }>('games.get', { gameIds: [id] });
    expect(reply.games[0]).toMatchObject({ _id: id, suspended: true });
    // the goal's new prices were announced with the suspension
    await h.drained();
    expect(
      h.seen.some(
        (e: any) => e.subject === 'games.odds_changed' && e.data.gameId === id && e.data.suspendedUntil,
      ),
    ).toBe(true);
    expect(h.invalid).toEqual([]);
    // a few seconds later the markets reopen at the new prices
    await eventually(
      async () => {
        await runner.tick();
        const g = (await h.api('GET', `/games/${id}`)).body;
        return g.status !== 'live' || g.suspended === false;
      },
      10_000,
      100,
    );
  }, 60_000);
});
