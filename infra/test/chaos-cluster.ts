import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAuthKeys, newId, TokenSigner } from '@bet/kit';
import { createTestDatabase } from '@bet/kit/testing';
import pg from 'pg';
import { SERVICES } from '../src/services';
import {
  api,
  type Call,
  freePort,
  type Proc,
  processGroup,
  startProcess,
  waitFor,
  waitReady,
} from './helpers';

// What the chaos test (infra/test/chaos.test.ts) and the chaos soak (bench/chaos-soak.ts)
// share: a cluster on its OWN nats-server and redis-server (private ports, own JetStream
// folder; Postgres is the machine's), whose service processes can be killed with SIGKILL and
// started again and whose NATS and Redis can be restarted; the calls that open and decide
// games through the gateway; and the verdict at the end (every accepted bet there and
// decided, no money moved twice, both reconciliations clean). No vitest in here: the bench
// runs it under plain node.

/** a backing server (nats-server, redis-server) we may stop and start on the same port */
export function backingServer(cmd: string, args: string[]) {
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
export async function runScript(entry: string, env: Record<string, string>) {
  const p = startProcess(entry, env);
  const code = await new Promise<number | null>((done) => p.child.once('exit', (c) => done(c)));
  return { code, output: p.output() };
}

export type ChaosCluster = Awaited<ReturnType<typeof startChaosCluster>>;

/**
 * identity and games once, wallet, betting and the gateway `replicas` times, each in its own
 * process, on private NATS and Redis. Gateway i sends HTTP to wallet i and betting i (a
 * gateway names one upstream per service); the replicas share the bus's work as ever.
 */
export async function startChaosCluster(
  opts: { replicas?: number; gatewayEnv?: Record<string, string> } = {},
) {
  const replicas = opts.replicas ?? 1;
  const { procs, start } = processGroup();
  const retired: Proc[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'chaos-'));
  const [natsPort, redisPort] = [await freePort(), await freePort()];
  const natsUrl = `nats://127.0.0.1:${natsPort}`;
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const nats = backingServer('nats-server', [
    '-js',
    '-a',
    '127.0.0.1',
    '-p',
    String(natsPort),
    '-sd',
    join(dir, 'js'),
  ]);
  const redis = backingServer('redis-server', [
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
  const db = await createTestDatabase();
  const keys = await generateAuthKeys();
  const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
  const admin = `Bearer ${await signer.signAccess({ id: newId(), role: 'admin', username: 'chaos-admin' })}`;
  const common = {
    MODE: 'cluster',
    DATABASE_URL: db.url,
    NATS_URL: natsUrl,
    REDIS_URL: redisUrl,
    BUS_PREFIX: `ch${Date.now().toString(36)}`,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dir, 'data'),
    // no simulated matches: the games here are the caller's own
    GAMES_PROVIDER: 'none',
  };
  const urls: Record<string, string[]> = {};
  for (const s of SERVICES.filter((s) => ['identity', 'wallet', 'games', 'betting'].includes(s.name))) {
    const n = ['wallet', 'betting'].includes(s.name) ? replicas : 1;
    urls[s.name] = [];
    for (let i = 0; i < n; i++) urls[s.name].push((await start(s.name, s.main, common)).url);
  }
  await Promise.all(procs.map((p) => waitReady(p)));
  const gateways: string[] = [];
  for (let i = 0; i < replicas; i++) {
    const upstreams = Object.fromEntries(
      Object.entries(urls).map(([name, list]) => [`${name.toUpperCase()}_URL`, list[i % list.length]]),
    );
    const gw = await start('gateway', 'gateway/src/main.ts', {
      ...common,
      ...upstreams,
      TRUST_PROXY: 'true',
      ...opts.gatewayEnv,
    });
    gateways.push(gw.url);
  }
  await Promise.all(procs.filter((p) => p.name === 'gateway').map((p) => waitReady(p)));

  /** SIGKILL, a moment of absence, then a successor on the same port, ready */
  const killAndRestart = async (old: Proc, absentMs = 500) => {
    old.child.kill('SIGKILL');
    await new Promise<void>((done) =>
      old.child.exitCode !== null || old.child.signalCode ? done() : old.child.once('exit', () => done()),
    );
    procs.splice(procs.indexOf(old), 1);
    retired.push(old);
    // time is the scenario: the service stays away a moment before its successor starts
    await new Promise((r) => setTimeout(r, absentMs));
    const next = await start(old.name, old.main, old.env, Number(new URL(old.url).port));
    await waitReady(next);
    return next;
  };
  /** a backing server stopped, a second without it, then started again on its port */
  const bounce = async (server: ReturnType<typeof backingServer>) => {
    await server.stop();
    // time is the scenario: a second without it
    await new Promise((res) => setTimeout(res, 1_000));
    server.start();
  };

  return {
    admin,
    databaseUrl: db.url,
    /** the running processes (successors replace the killed) */
    procs,
    gateways,
    killAndRestart,
    restartNats: () => bounce(nats),
    restartRedis: () => bounce(redis),
    /** every process's output to `logs`, then everything stopped and dropped */
    async stop(logs: string) {
      mkdirSync(logs, { recursive: true });
      for (const p of [...procs, ...retired])
        writeFileSync(join(logs, `${p.name}-${p.child.pid}.log`), p.output());
      writeFileSync(join(logs, 'nats.log'), nats.output());
      writeFileSync(join(logs, 'redis.log'), redis.output());
      await Promise.all(procs.filter((p) => p.child.signalCode === null).map((p) => p.stop()));
      await Promise.all([nats.stop(), redis.stop()]);
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** a call through a gateway, as `client` (the gateways trust X-Forwarded-For) */
export const callVia =
  (gateway: () => string, timeoutMs = 15_000): Call =>
  (method, path, body, token, client = '198.51.100.1') =>
    api(gateway(), method, path, body, token, { forwardedFor: client, timeoutMs });

/**
 * The admin's side of the games: open one, and decide one (kick-off, then the result), each
 * call tried again while the platform is away (connection refused, 5xx), up to a minute.
 */
export function gameDesk(call: Call, admin: string) {
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
  let seq = 0;
  const SCORES = { A: [1, 0], Draw: [1, 1], B: [0, 1] } as const;
  return {
    /** a new game open for bets; its id */
    async open() {
      const n = ++seq;
      const game = {
        homeTeam: `Chaos ${n} Rovers`,
        awayTeam: `Chaos ${n} United`,
        league: 'Nigeria Premier Football League',
        matchDate: new Date(Date.now() + 3_600_000).toISOString(),
        odds: { home: 2.0, draw: 3.0, away: 4.0 },
      };
      const r = await insist('POST', '/games', game, admin);
      if (r.status !== 201) throw new Error(`opening a game: ${r.status} ${JSON.stringify(r.body)}`);
      made.set(r.body.game._id, game);
      return r.body.game._id as string;
    },
    /** kick-off (the admin sets the game live), then the result; a retried call may find it done */
    async decide(gameId: string, result: keyof typeof SCORES) {
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
    },
  };
}

/** each service's outbox backlog and inbox counts, read when the platform did not settle */
async function busFacts(databaseUrl: string) {
  const q = new pg.Client({ connectionString: databaseUrl });
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
}

export interface Verdict {
  /** set when the platform did not come to rest in time: where it stopped */
  problem?: string;
  /** accepted bets (a 201's ids) not on their player's statement as won or lost */
  lost: string[];
  /** players whose balance is not what their bets say, and by how many cents */
  drift: Map<string, number>;
  /** bets on the players' statements (neither rejected nor failed) */
  betsSeen: number;
  platform: { code: number | null; output: string };
  ledger: { code: number | null; output: string };
}

/**
 * After the chaos, every game decided: waits (up to `timeoutMs` for each step) until the
 * platform reconciliation passes and every player's bets are decided with their balance what
 * the bets say (funded − stakes + payouts), then checks every accepted bet is on a statement as
 * won or lost and runs both reconciliations once more.
 */
export async function verdict(opts: {
  call: Call;
  databaseUrl: string;
  players: Array<{ id: string; token: string; client: string }>;
  funded: number;
  accepted: Set<string>;
  timeoutMs?: number;
}): Promise<Verdict> {
  const { call, players } = opts;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const env = { DATABASE_URL: opts.databaseUrl, RECONCILE_GRACE_SECONDS: '0' };
  const statement = async (p: (typeof players)[number]) => {
    const bets: any[] = [];
    for (let page = 1; ; page++) {
      const got =
        (await call('GET', `/bets?limit=100&page=${page}`, undefined, p.token, p.client)).body?.bets ?? [];
      bets.push(...got);
      if (got.length < 100) return bets;
    }
  };
  let platform = { code: null as number | null, output: '' };
  const drift = new Map<string, number>();
  let betsSeen = 0;
  let problem: string | undefined;
  try {
    // the reconciler finishes placements whose debit went unanswered (after RECONCILE_AFTER_MS),
    // and betting and the wallet come to agree
    await waitFor(
      async () => {
        platform = await runScript('infra/src/bin/reconcile-platform.ts', env);
        return platform.code === 0;
      },
      timeoutMs,
      () => platform.output,
    );
    let last = '';
    await waitFor(
      async () => {
        betsSeen = 0;
        for (const p of players) {
          const live = (await statement(p)).filter((b) => !['rejected', 'failed'].includes(b.status));
          const pending = live.filter((b) => b.status === 'pending');
          if (pending.length) {
            const games = [
              ...new Set(pending.flatMap((b) => b.selections.map((x: any) => x.game?._id ?? x.game))),
            ];
            last = `player ${p.id}: ${pending.length} bets still pending on games ${games.join(', ')}`;
            return false;
          }
          betsSeen += live.length;
          const stakes = live.reduce((s, b) => s + Math.round(b.stake * 100), 0);
          const paid = live
            .filter((b) => b.status === 'won')
            .reduce((s, b) => s + Math.round(b.payout * 100), 0);
          const wallet = (await call('GET', '/wallet', undefined, p.token, p.client)).body;
          const want = opts.funded * 100 - stakes + paid;
          drift.set(p.id, Math.round(wallet.walletBalance * 100) - want);
          if (drift.get(p.id) !== 0) {
            last = `player ${p.id}: balance ${wallet.walletBalance}, bets say ${want / 100}`;
            return false;
          }
        }
        return true;
      },
      timeoutMs,
      () => last,
    );
  } catch (err) {
    // where the events stopped (the process logs say the rest)
    problem = `${(err as Error).message}\n${await busFacts(opts.databaseUrl)}`;
  }
  // every 201 the players saw is a bet that exists and was decided
  const ids = new Set<string>();
  for (const p of players)
    for (const b of await statement(p)) if (['won', 'lost'].includes(b.status)) ids.add(b._id);
  const lost = [...opts.accepted].filter((id) => !ids.has(id));
  platform = await runScript('infra/src/bin/reconcile-platform.ts', env);
  const ledger = await runScript('services/wallet/src/bin/reconcile.ts', env);
  return { problem, lost, drift, betsSeen, platform, ledger };
}

/** the verdict in one line: lost bets, balance drift, reconciliations' exit codes */
export function verdictLine(v: Verdict) {
  const drifted = [...v.drift.values()].filter((d) => d !== 0);
  return `accepted bets lost ${v.lost.length}; players whose balance is not what their bets say ${drifted.length} (drift ${drifted.reduce((s, d) => s + Math.abs(d), 0)} cents over ${v.drift.size} players checked); platform reconciliation exit ${v.platform.code}, ledger reconciliation exit ${v.ledger.code}${v.problem ? `; did not come to rest: ${v.problem.split('\n')[0]}` : ''}`;
}

/** nothing lost, nothing paid twice, both reconciliations clean */
export const clean = (v: Verdict) =>
  !v.problem &&
  v.lost.length === 0 &&
  [...v.drift.values()].every((d) => d === 0) &&
  v.platform.code === 0 &&
  v.ledger.code === 0;
