import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAuthKeys, newId, TokenSigner } from '@bet/kit';
import { createTestDatabase } from '@bet/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/defaults';
import { SERVICES } from '../src/services';
import {
  api,
  freePort,
  fundedPlayers,
  type Proc,
  processGroup,
  startProcess,
  waitFor,
  waitReady,
} from './helpers';

// Chaos in cluster mode, on real servers: bets placed and games settled at a steady rate while
// the wallet, betting and the gateway are each killed with SIGKILL and started again, and NATS
// and Redis are restarted once. NATS and Redis are this test's own servers (own ports, own
// JetStream folder), so restarting them disturbs no other test; Postgres is the machine's.
// At the end: every accepted bet is there and decided, no money moved twice (each player's
// balance is exactly what their bets say), and both reconciliations come out clean.
const STAKE = 1;
const FUNDED = 1_000;
const PLAYERS = 6;
const LOAD_SECONDS = 36;

/** a backing server (nats-server, redis-server) we may stop and start on the same port */
function server(cmd: string, args: string[]) {
  let child: ChildProcess | null = null;
  let output = '';
  return {
    start() {
      child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (d) => (output = (output + d.toString()).slice(-4000)));
      child.stderr?.on('data', (d) => (output = (output + d.toString()).slice(-4000)));
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((done) => {
        c.once('exit', () => done());
        c.kill('SIGTERM');
        // a watchdog, not a wait: a process deaf to SIGTERM is killed
        setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
      });
    },
    output: () => output,
  };
}

/** a repository script run to its end: its exit code and what it printed */
async function runScript(entry: string, env: Record<string, string>) {
  const p = startProcess(entry, env);
  const code = await new Promise<number | null>((done) => p.child.once('exit', (c) => done(c)));
  return { code, output: p.output() };
}

describe('chaos: services killed and backing servers restarted under steady betting (cluster mode)', () => {
  const { procs, start, one } = processGroup();
  const retired: Proc[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'chaos-'));
  const prefix = `ch${Date.now().toString(36)}`;
  let nats: ReturnType<typeof server>;
  let redis: ReturnType<typeof server>;
  let natsUrl = '';
  let redisUrl = '';

  const ready = (p: Proc) => waitReady(p);
  /** SIGKILL, a moment of absence, then a successor on the same port */
  const killAndRestart = async (name: string) => {
    const old = one(name);
    old.child.kill('SIGKILL');
    await new Promise<void>((done) =>
      old.child.exitCode !== null || old.child.signalCode ? done() : old.child.once('exit', () => done()),
    );
    procs.splice(procs.indexOf(old), 1);
    retired.push(old);
    // time is the scenario: the service stays away a moment before its successor starts
    await new Promise((r) => setTimeout(r, 500));
    const next = await start(name, old.main, old.env, Number(new URL(old.url).port));
    await ready(next);
  };

  beforeAll(async () => {
    const [natsPort, redisPort] = [await freePort(), await freePort()];
    natsUrl = `nats://127.0.0.1:${natsPort}`;
    redisUrl = `redis://127.0.0.1:${redisPort}`;
    nats = server('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', join(dir, 'js')]);
    redis = server('redis-server', [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    nats.start();
    redis.start();
    db = await createTestDatabase();
    const keys = await generateAuthKeys();
    const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
    admin = `Bearer ${await signer.signAccess({ id: newId(), role: 'admin', username: 'chaos-admin' })}`;
    const common = {
      MODE: 'cluster',
      DATABASE_URL: db.url,
      NATS_URL: natsUrl,
      REDIS_URL: redisUrl,
      BUS_PREFIX: prefix,
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'data'),
      // no simulated matches: the games here are the test's own
      GAMES_PROVIDER: 'none',
    };
    const upstreams: Record<string, string> = {};
    for (const s of SERVICES.filter((s) => ['identity', 'wallet', 'games', 'betting'].includes(s.name))) {
      const p = await start(s.name, s.main, common);
      upstreams[`${s.name.toUpperCase()}_URL`] = p.url;
    }
    await Promise.all(procs.map(ready));
    await ready(
      await start('gateway', 'gateway/src/main.ts', { ...common, ...upstreams, TRUST_PROXY: 'true' }),
    );
  }, 240_000);

  afterAll(async () => {
    // every process's output, for whoever reads a failure
    const logs = join(REPO_ROOT, 'test-results', 'chaos');
    mkdirSync(logs, { recursive: true });
    for (const p of [...procs, ...retired])
      writeFileSync(join(logs, `${p.name}-${p.child.pid}.log`), p.output());
    writeFileSync(join(logs, 'nats.log'), nats?.output() ?? '');
    writeFileSync(join(logs, 'redis.log'), redis?.output() ?? '');
    await Promise.all(procs.filter((p) => p.child.signalCode === null).map((p) => p.stop()));
    await Promise.all([nats?.stop(), redis?.stop()]);
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  // async: while the gateway is being replaced there is none, and that must be a failed call
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    client = '198.51.100.1',
  ) => api(one('gateway').url, method, path, body, token, { forwardedFor: client, timeoutMs: 15_000 });
  /** the same call, tried again while the platform is away (connection refused, 5xx), up to a minute */
  const insist = async (method: string, path: string, body?: unknown, token?: string) => {
    const until = Date.now() + 60_000;
    for (;;) {
      const r = await call(method, path, body, token).catch((err) => ({
        status: 0,
        body: `${(err as Error).message} ${(err as { cause?: Error }).cause?.message ?? ''}`,
      }));
      if ((r.status > 0 && r.status < 500) || Date.now() > until)
        return { ...r, body: r.status === 0 ? { msg: r.body, at: new Date().toISOString() } : r.body };
      // a poll: the interval between tries of a call that must come back (the condition is the answer)
      await new Promise((res) => setTimeout(res, 250));
    }
  };
  const made = new Map<string, Record<string, unknown>>();
  const newGame = async (n: number) => {
    const game = {
      homeTeam: `Chaos ${n} Rovers`,
      awayTeam: `Chaos ${n} United`,
      league: 'Nigeria Premier Football League',
      matchDate: new Date(Date.now() + 3_600_000).toISOString(),
      odds: { home: 2.0, draw: 3.0, away: 4.0 },
    };
    const r = await insist('POST', '/games', game, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    made.set(r.body.game._id, game);
    return r.body.game._id as string;
  };

  const SCORES = { A: [1, 0], Draw: [1, 1], B: [0, 1] } as const;
  /** kick-off (the admin sets the game live), then the result; a retried call may find it done */
  const decide = async (gameId: string, result: keyof typeof SCORES) => {
    const live = await insist(
      'PUT',
      `/games/${gameId}`,
      { ...made.get(gameId), odds: undefined, status: 'live' },
      admin,
    );
    if (live.status !== 200 && live.body?.code !== 'status_backwards') return live;
    const r = await insist(
      'PATCH',
      `/games/${gameId}/result`,
      { result, homeScore: SCORES[result][0], awayScore: SCORES[result][1] },
      admin,
    );
    return r.body?.code === 'already_settled' ? { ...r, status: 200 } : r;
  };

  /** each service's outbox backlog and inbox counts, read once when the platform did not settle */
  const busFacts = async () => {
    const q = new pg.Client({ connectionString: db.url });
    await q.connect();
    const facts: string[] = [];
    try {
      for (const schema of ['games', 'betting', 'wallet']) {
        const out = await q.query(
          `select subject, count(*) filter (where published_at is null) as unpublished, count(*) as total from ${schema}.outbox group by subject`,
        );
        const inbox = await q.query(`select consumer, count(*) from ${schema}.inbox group by consumer`);
        facts.push(`${schema} outbox ${JSON.stringify(out.rows)}, inbox ${JSON.stringify(inbox.rows)}`);
      }
    } finally {
      await q.end();
    }
    return facts.join('\n');
  };

  it('loses no accepted bet and pays nothing twice; both reconciliations come out clean', async () => {
    // players registered, signed in and funded through the gateway
    const players = await fundedPlayers(call, admin, { count: PLAYERS, amount: FUNDED, prefix: 'c' });
    let gameSeq = 0;
    const open: string[] = [];
    for (let i = 0; i < 4; i++) open.push(await newGame(++gameSeq));
    await waitFor(
      async () =>
        (
          await call(
            'POST',
            '/bets/share',
            { betType: 'single', selections: [{ gameId: open[3], outcome: 'A' }] },
            players[0].token,
            players[0].client,
          )
        ).status === 201,
      20_000,
      () => 'the games never reached betting',
    );

    const statuses = new Map<string, number>();
    const accepted = new Set<string>();
    const settledGames: string[] = [];
    const problems: string[] = [];
    let going = true;
    const placing = (async () => {
      const outcomes = ['A', 'Draw', 'B'];
      for (let i = 0; going; i++) {
        const p = players[i % players.length];
        const gameId = open[Math.floor(Math.random() * open.length)];
        const r = await call(
          'POST',
          '/bets/singles',
          { stakePerBet: STAKE, selections: [{ gameId, outcome: outcomes[i % 3] }] },
          p.token,
          p.client,
        ).catch(() => ({ status: 0, body: null }));
        const key = r.status === 0 ? 'no answer' : String(r.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (r.status === 201) for (const b of r.body.bets) accepted.add(b._id);
        // time is the scenario: a steady stream of bets under the faults
        await new Promise((res) => setTimeout(res, 60));
      }
    })();
    // every few seconds a game is decided and a new one opens in its place (time is the scenario)
    const settling = (async () => {
      while (going) {
        await new Promise((res) => setTimeout(res, 4_000));
        if (!going) break;
        const gameId = open.shift()!;
        const r = await decide(gameId, (['A', 'Draw', 'B'] as const)[gameSeq % 3]);
        if (r.status !== 200) problems.push(`settling ${gameId}: ${r.status} ${JSON.stringify(r.body)}`);
        settledGames.push(gameId);
        open.push(await newGame(++gameSeq));
      }
    })();

    const events: string[] = [];
    const began = Date.now();
    console.log(`chaos: load began at ${new Date(began).toISOString()}`);
    /** a fault at its second of the load: the schedule is the scenario (time is what is tested) */
    const at = async (second: number, what: string, act: () => Promise<void>) => {
      await new Promise((res) => setTimeout(res, Math.max(0, began + second * 1000 - Date.now())));
      const t0 = Date.now();
      await act();
      events.push(`${what} at ${second}s (back after ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    };
    await at(3, 'wallet SIGKILL', () => killAndRestart('wallet'));
    await at(9, 'betting SIGKILL', () => killAndRestart('betting'));
    await at(15, 'gateway SIGKILL', () => killAndRestart('gateway'));
    await at(21, 'NATS restarted', async () => {
      await nats.stop();
      // time is the scenario: a second without NATS
      await new Promise((res) => setTimeout(res, 1_000));
      nats.start();
    });
    await at(28, 'Redis restarted', async () => {
      await redis.stop();
      // time is the scenario: a second without Redis
      await new Promise((res) => setTimeout(res, 1_000));
      redis.start();
    });
    // the load runs its full LOAD_SECONDS (time is the scenario)
    await new Promise((res) => setTimeout(res, Math.max(0, began + LOAD_SECONDS * 1000 - Date.now())));
    going = false;
    await Promise.all([placing, settling]);

    // every game still open is decided too, so every bet must end won or lost
    for (const gameId of open.splice(0)) {
      const r = await decide(gameId, 'A');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      settledGames.push(gameId);
    }

    // the platform settles down: the reconciler finishes placements whose debit went unanswered
    // (after RECONCILE_AFTER_MS), and betting and the wallet come to agree
    const env = { DATABASE_URL: db.url, RECONCILE_GRACE_SECONDS: '0' };
    let platform = { code: null as number | null, output: '' };
    await waitFor(
      async () => {
        platform = await runScript('infra/src/bin/reconcile-platform.ts', env);
        return platform.code === 0;
      },
      120_000,
      () => platform.output,
    );
    // every player's bets decided and their balance what the bets say
    const drift = new Map<string, number>();
    let betsSeen = 0;
    let last = '';
    await waitFor(
      async () => {
        betsSeen = 0;
        for (const p of players) {
          const bets: any[] = [];
          for (let page = 1; page < 50; page++) {
            const got =
              (await call('GET', `/bets?limit=100&page=${page}`, undefined, p.token, p.client)).body?.bets ??
              [];
            bets.push(...got);
            if (got.length < 100) break;
          }
          const live = bets.filter((b) => !['rejected', 'failed'].includes(b.status));
          if (live.some((b) => b.status === 'pending')) {
            const pending = live.filter((b) => b.status === 'pending');
            const games = [
              ...new Set(pending.flatMap((b) => b.selections.map((x: any) => x.game?._id ?? x.game))),
            ];
            last = `player ${p.id}: ${pending.length} bets still pending on games ${games.map((g) => `${g}${settledGames.includes(g) ? ' (settled)' : ''}`).join(', ')}`;
            return false;
          }
          betsSeen += live.length;
          const stakes = live.reduce((s, b) => s + Math.round(b.stake * 100), 0);
          const paid = live
            .filter((b) => b.status === 'won')
            .reduce((s, b) => s + Math.round(b.payout * 100), 0);
          const wallet = (await call('GET', '/wallet', undefined, p.token, p.client)).body;
          const want = FUNDED * 100 - stakes + paid;
          drift.set(p.id, Math.round(wallet.walletBalance * 100) - want);
          if (drift.get(p.id) !== 0) {
            last = `player ${p.id}: balance ${wallet.walletBalance}, bets say ${want / 100}`;
            return false;
          }
        }
        return true;
      },
      120_000,
      () => last,
    ).catch(async (err) => {
      // where the events stopped (process logs are in test-results/chaos)
      throw new Error(`${(err as Error).message}\n${await busFacts()}`);
    });

    // every 201 the players saw is a bet that exists and was decided
    const ids = new Set<string>();
    for (const p of players)
      for (let page = 1; page < 50; page++) {
        const got =
          (await call('GET', `/bets?limit=100&page=${page}`, undefined, p.token, p.client)).body?.bets ?? [];
        for (const b of got) if (['won', 'lost'].includes(b.status)) ids.add(b._id);
        if (got.length < 100) break;
      }
    const lost = [...accepted].filter((id) => !ids.has(id));

    platform = await runScript('infra/src/bin/reconcile-platform.ts', env);
    const ledger = await runScript('services/wallet/src/bin/reconcile.ts', env);

    console.log(
      [
        `chaos: ${accepted.size} bets accepted (answers: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}), ${betsSeen} bets on the players' statements, ${settledGames.length} games settled`,
        `chaos: ${events.join('; ')}`,
        `chaos: accepted bets lost ${lost.length}; balance drift ${[...drift.values()].reduce((s, d) => s + Math.abs(d), 0)} cents over ${players.length} players; platform reconciliation exit ${platform.code}, ledger reconciliation exit ${ledger.code}`,
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(lost).toEqual([]);
    expect(accepted.size).toBeGreaterThan(50);
    expect(platform.code, platform.output).toBe(0);
    expect(ledger.code, ledger.output).toBe(0);
  }, 360_000);
});
