import { generateAuthKeys, newId, TokenSigner } from '@bet/kit';
import { createTestDatabase } from '@bet/kit/testing';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../src/services';
import { api, freePort, startProcess, waitFor, waitReady } from './helpers';

// Two of everything that scales, as separate processes on the real Postgres, NATS JetStream
// and Redis: two gateways, two replicas of wallet, betting and games (one identity). What a
// replica count must not change: each socket gets an event once, rate limits are shared,
// consumers share work and handle nothing twice, one simulator runs, and a replica killed
// with SIGKILL or stopped with SIGTERM loses nothing.
type Proc = ReturnType<typeof startProcess> & {
  name: string;
  url: string;
  main: string;
  env: Record<string, string>;
};

const REPLICATED = ['wallet', 'betting', 'games'];

describe('two replicas of everything (cluster mode)', () => {
  const procs: Proc[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let signer: TokenSigner;
  let admin: string;
  const prefix = `rp${Date.now().toString(36)}`;
  const sockets: Socket[] = [];

  const start = async (name: string, main: string, env: Record<string, string>, port?: number) => {
    const at = port ?? (await freePort());
    const url = `http://127.0.0.1:${at}`;
    const full = { ...env, PORT: String(at), HOST: '127.0.0.1', METRICS_PORT: '0' };
    const p = startProcess(main, full);
    const proc = Object.assign(p, { name, url, main, env: full });
    procs.push(proc);
    return proc;
  };
  /** stops a replica with SIGTERM (or finds it dead) and starts its successor on the same port */
  const restart = async (old: Proc) => {
    const code = old.child.exitCode ?? old.child.signalCode ?? (await old.stop());
    procs.splice(procs.indexOf(old), 1);
    const next = await start(old.name, old.main, old.env, Number(new URL(old.url).port));
    await ready(next);
    return code;
  };
  const ready = (p: Proc) => waitReady(p);
  const of = (name: string) => procs.filter((p) => p.name === name);

  beforeAll(async () => {
    db = await createTestDatabase();
    const keys = await generateAuthKeys();
    signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    admin = `Bearer ${await signer.signAccess({ id: newId(), role: 'admin', username: 'boss' })}`;
    const common = {
      // vitest's own MODE=test must not reach the services
      MODE: 'cluster',
      DATABASE_URL: db.url,
      BUS_PREFIX: prefix,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      LOG_LEVEL: 'warn',
      DATA_DIR: `.tmp/${prefix}`,
    };
    const upstreams: Record<string, string> = {};
    // identity first (it owns users), then two of each replicated service, in parallel
    for (const s of SERVICES) {
      if (s.name !== 'identity' && !REPLICATED.includes(s.name)) continue;
      const n = REPLICATED.includes(s.name) ? 2 : 1;
      for (let i = 0; i < n; i++) {
        const p = await start(s.name, s.main, common);
        if (i === 0) upstreams[`${s.name.toUpperCase()}_URL`] = p.url;
      }
    }
    await Promise.all(procs.map(ready));
    for (let i = 0; i < 2; i++) {
      await start('gateway', 'gateway/src/main.ts', {
        ...common,
        ...upstreams,
        RATE_LIMIT_AUTH_MAX: '4',
        // the client address comes from X-Forwarded-For, so each test is its own client
        TRUST_PROXY: 'true',
        RATE_LIMIT_AUTH_WINDOW_MS: '60000',
      });
    }
    await Promise.all(of('gateway').map(ready));
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    // a process killed on purpose has exited already
    await Promise.all(procs.filter((p) => p.child.signalCode === null).map((p) => p.stop()));
    await db?.drop();
  }, 60_000);

  let client = '198.51.100.1';
  const call = (base: string, method: string, path: string, body?: unknown, token?: string) =>
    api(base, method, path, body, token, { forwardedFor: client });

  /** a player registered and signed in through a gateway, with money in the wallet */
  const player = async (gateway: string, dollars: number) => {
    client = `198.51.100.${Math.floor(Math.random() * 250) + 2}`;
    const name = `p${newId().slice(-10)}`;
    const password = 'Correct-Horse-42';
    const reg = await call(gateway, 'POST', '/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password,
      firstName: 'Ada',
      lastName: 'Obi',
    });
    expect(reg.status).toBe(201);
    const login = await call(gateway, 'POST', '/auth/login', { email: `${name}@example.com`, password });
    expect(login.status).toBe(200);
    const token = `Bearer ${login.body.accessToken}`;
    const id = JSON.parse(Buffer.from(login.body.accessToken.split('.')[1], 'base64url').toString()).sub;
    await waitFor(
      async () => (await call(gateway, 'GET', '/wallet', undefined, token)).status === 200,
      20_000,
      () => 'no wallet for the new player',
    );
    if (dollars > 0) {
      const funded = await call(
        gateway,
        'PATCH',
        `/admin/users/${id}/wallet`,
        { amount: dollars, description: 'test' },
        admin,
      );
      expect(funded.status).toBe(200);
    }
    return { id, token };
  };

  /** sum of a metric's samples over replicas, by the value of one label */
  const metric = async (ps: Proc[], pattern: RegExp, by = 'service') => {
    const sums: Record<string, number> = {};
    for (const p of ps) {
      const text = await (await fetch(`${p.url}/metrics`)).text();
      for (const line of text.split('\n')) {
        if (!pattern.test(line)) continue;
        const key = line.match(new RegExp(`${by}="([^"]*)"`))?.[1] ?? '';
        sums[key] = (sums[key] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
      }
    }
    return sums;
  };

  it('delivers a socket event once to each user, whichever gateway they are on', async () => {
    const [gw1, gw2] = of('gateway');
    const a = await player(gw1.url, 0);
    const b = await player(gw2.url, 0);
    const seen = { a: [] as string[], b: [] as string[] };
    for (const [who, gw, p] of [
      ['a', gw1, a],
      ['b', gw2, b],
    ] as const) {
      const s = io(gw.url, {
        auth: { token: p.token.slice(7) },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      s.on('new_game', (g: any) => seen[who].push(g._id));
      await new Promise<void>((done, fail) => {
        s.once('connect', () => done());
        s.once('connect_error', fail);
      });
    }
    const newGame = async (homeTeam: string) => {
      const made = await call(
        gw1.url,
        'POST',
        '/games',
        {
          homeTeam,
          awayTeam: 'Twin City',
          league: 'Nigeria Premier Football League',
          matchDate: new Date(Date.now() + 3_600_000).toISOString(),
          odds: { home: 2.1, draw: 3.2, away: 3.6 },
        },
        admin,
      );
      expect(made.status).toBe(201);
      const gameId: string = made.body.game._id;
      await waitFor(
        async () => seen.a.includes(gameId) && seen.b.includes(gameId),
        15_000,
        () => JSON.stringify(seen),
      );
      return gameId;
    };
    const gameId = await newGame('Replica Rovers');
    // two gateways bridge the bus: a second delivery of the first game would come before a
    // later game, which is the marker
    const marker = await newGame('Marker Rovers');
    for (const id of [gameId, marker]) {
      expect(seen.a.filter((g) => g === id)).toHaveLength(1);
      expect(seen.b.filter((g) => g === id)).toHaveLength(1);
    }
  });

  it('shares rate limits between the gateways', async () => {
    const [gw1, gw2] = of('gateway');
    const email = `nobody_${newId().slice(-8)}@example.com`;
    const statuses: number[] = [];
    client = '203.0.113.7';
    for (let i = 0; i < 6; i++) {
      const gw = i % 2 === 0 ? gw1 : gw2;
      statuses.push((await call(gw.url, 'POST', '/auth/login', { email, password: 'Wrong-Pass-1' })).status);
    }
    // four attempts allowed in the window, counted across both gateways (Redis)
    expect(statuses.slice(0, 4).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('runs one simulator and shares consumer work without handling anything twice', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const leases = await client.query(`select holder from games.kit_leases where name = 'simulator'`);
    await client.end();
    expect(leases.rows).toHaveLength(1);
    const stats = await Promise.all(of('games').map((g) => fetch(`${g.url}/readyz`).then((r) => r.ok)));
    expect(stats).toEqual([true, true]);

    // each games.created event is handled once per consumer group, over both betting replicas,
    // and both replicas take a share of the work
    let last = '';
    await waitFor(
      async () => {
        const published =
          (await metric(of('games'), /^bus_events_published_total\{.*subject="games.created"/)).games ?? 0;
        const handled = await metric(
          of('betting'),
          /^bus_events_handled_total\{.*subject="games.created".*result="ok"/,
          'consumer',
        );
        last = JSON.stringify({ published, handled });
        return (
          published > 0 &&
          Object.values(handled).length > 0 &&
          Object.values(handled).every((n) => n === published)
        );
      },
      30_000,
      () => `betting did not handle each games.created event exactly once: ${last}`,
    );
    const perReplica = await Promise.all(
      of('betting').map(
        async (b) => (await metric([b], /^bus_events_handled_total\{.*result="ok"/)).betting ?? 0,
      ),
    );
    expect(
      perReplica.every((n) => n > 0),
      `work per betting replica: ${perReplica}`,
    ).toBe(true);
  });

  it('finishes the work of a wallet replica killed with SIGKILL while bets are placed', async () => {
    const [gw1, gw2] = of('gateway');
    const p = await player(gw1.url, 100);
    const made = await call(
      gw2.url,
      'POST',
      '/games',
      {
        homeTeam: 'Kill Town',
        awayTeam: 'Failover FC',
        league: 'Nigeria Premier Football League',
        matchDate: new Date(Date.now() + 3_600_000).toISOString(),
        odds: { home: 2.0, draw: 3.0, away: 4.0 },
      },
      admin,
    );
    const gameId = made.body.game._id;
    const place = (gw: Proc) =>
      call(
        gw.url,
        'POST',
        '/bets/singles',
        { stakePerBet: 1, selections: [{ gameId, outcome: 'A' }] },
        p.token,
      );
    // betting learns of the game from the bus
    await waitFor(
      async () => (await place(gw1)).status === 201,
      20_000,
      () => 'game never reached betting',
    );
    // the replica the gateway does not call over HTTP: its share is the bus work (debits)
    const victim = of('wallet')[1];
    const inflight = Array.from({ length: 12 }, (_, i) => place(i % 2 ? gw1 : gw2));
    // time is the scenario: the replica dies while those requests are on their way
    setTimeout(() => victim.child.kill('SIGKILL'), 50);
    const results = await Promise.all(inflight);
    // nothing half-done: a bet is accepted or refused cleanly, never a 500
    for (const r of results) expect([201, 422, 502, 503, 504]).toContain(r.status);
    // more bets after the kill go through the surviving replica
    for (let i = 0; i < 4; i++) expect((await place(i % 2 ? gw1 : gw2)).status).toBe(201);

    // every accepted bet's stake left the wallet exactly once, once things settle
    let last = '';
    await waitFor(
      async () => {
        const bets = (await call(gw1.url, 'GET', '/bets?limit=100', undefined, p.token)).body?.bets ?? [];
        const open = bets.filter((b: any) => !['cancelled', 'void', 'voided', 'failed'].includes(b.status));
        const wallet = (await call(gw1.url, 'GET', '/wallet', undefined, p.token)).body;
        last = `${bets.length} bets ${JSON.stringify(bets.map((b: any) => b.status))}, balance ${wallet?.walletBalance}`;
        return wallet && Math.round((100 - wallet.walletBalance) * 100) === open.length * 100;
      },
      60_000,
      () => `balance and bets disagree: ${last}`,
    );
  }, 120_000);

  it('loses no accepted bet while every replicated service restarts, one replica at a time', async () => {
    const [gw1, gw2] = of('gateway');
    const p = await player(gw1.url, 300);
    const made = await call(
      gw2.url,
      'POST',
      '/games',
      {
        homeTeam: 'Rolling Rovers',
        awayTeam: 'Restart United',
        league: 'Nigeria Premier Football League',
        matchDate: new Date(Date.now() + 3_600_000).toISOString(),
        odds: { home: 2.0, draw: 3.0, away: 4.0 },
      },
      admin,
    );
    const gameId = made.body.game._id;
    const place = (gw: Proc) =>
      call(
        gw.url,
        'POST',
        '/bets/singles',
        { stakePerBet: 1, selections: [{ gameId, outcome: 'A' }] },
        p.token,
      );
    await waitFor(
      async () => (await place(gw1)).status === 201,
      20_000,
      () => 'game never reached betting',
    );

    // bets at a steady rate through both gateways for the whole rollout
    const statuses: number[] = [];
    let going = true;
    const load = (async () => {
      for (let i = 0; going && i < 250; i++) {
        const r = await place(i % 2 ? gw1 : gw2).catch(() => ({ status: 0 }));
        statuses.push(r.status);
        // time is the scenario: a steady rate of bets for the whole rollout
        await new Promise((r2) => setTimeout(r2, 100));
      }
    })();
    const exits: Array<[string, number | string | null]> = [];
    for (const name of REPLICATED)
      for (const replica of [...of(name)]) exits.push([name, await restart(replica)]);
    going = false;
    await load;

    // a replica that was running left cleanly (0), within the bound: none was killed
    for (const [name, code] of exits) expect([0, 'SIGKILL'], `${name} exit`).toContain(code);
    expect(exits.filter(([, code]) => code === 0).length).toBeGreaterThanOrEqual(4);
    // nothing half-done while a replica was away: accepted, or refused cleanly
    for (const st of statuses) expect([201, 422, 502, 503, 504]).toContain(st);
    expect(statuses.filter((st) => st === 201).length).toBeGreaterThan(0);
    // after the rollout the platform takes bets again through both gateways
    for (let i = 0; i < 2; i++) expect((await place(i ? gw1 : gw2)).status).toBe(201);
    // every accepted bet exists and its stake left the wallet exactly once
    let last = '';
    await waitFor(
      async () => {
        const bets: any[] = [];
        for (let page = 1; page < 10; page++) {
          const got =
            (await call(gw1.url, 'GET', `/bets?limit=100&page=${page}`, undefined, p.token)).body?.bets ?? [];
          bets.push(...got);
          if (got.length < 100) break;
        }
        const open = bets.filter((b: any) => !['cancelled', 'void', 'voided', 'failed'].includes(b.status));
        const wallet = (await call(gw1.url, 'GET', '/wallet', undefined, p.token)).body;
        last = `${bets.length} bets, ${open.length} open, ${statuses.filter((st) => st === 201).length + 3} accepted, balance ${wallet?.walletBalance}`;
        return (
          wallet &&
          open.length >= statuses.filter((st) => st === 201).length + 3 &&
          Math.round((300 - wallet.walletBalance) * 100) === open.length * 100
        );
      },
      60_000,
      () => `balance and bets disagree after the rollout: ${last}`,
    );
  }, 240_000);

  // (the hang this once showed: keep-alive connections whose request was in flight at close
  // kept Fastify's close() open for their 72 s keep-alive; kit/http/drain.ts closes them)
  it('on SIGTERM finishes the requests in flight, takes no new ones, and exits 0 within the bound', async () => {
    const [gw1] = of('gateway');
    const p = await player(gw1.url, 0);
    const target = of('wallet')[0];
    const started = Date.now();
    // twenty requests on their way when the signal arrives
    const inflight = Array.from({ length: 20 }, () =>
      fetch(`${target.url}/api/v1/wallet`, { headers: { authorization: p.token } }).then(
        (r) => r.status,
        () => 0,
      ),
    );
    // time is the scenario: the signal arrives while the requests are on their way
    await new Promise((r) => setTimeout(r, 5));
    target.child.kill('SIGTERM');
    const code = await new Promise<number | null>((done) => target.child.once('exit', (c) => done(c)));
    const statuses = await Promise.all(inflight);
    const tookMs = Date.now() - started;
    // accepted requests were answered (a request that arrived after close was refused, never cut)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503 || s === 0)).toBe(true);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(15_000);
    // nothing listens any more
    await expect(fetch(`${target.url}/healthz`)).rejects.toThrow();
  });
});
