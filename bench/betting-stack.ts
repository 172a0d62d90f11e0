/**
 * The platform pieces the betting benchmarks need, each in its own process as in the
 * cluster mode (the machine has 2 cores: one event loop for everything would measure the
 * event loop). This file is both the library the benchmarks import and, with a role
 * argument, the child that runs one service or the gateway.
 *
 *   <bundle of this file> service <wallet|games|betting>   (env as the cluster mode)
 *   <bundle of this file> gateway                          (upstream URLs in env)
 * (child-args.ts: the children run compiled, as the images do)
 */
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import {
  clusterInfrastructure,
  createLogger,
  generateAuthKeys,
  NatsBus,
  startService,
  TokenSigner,
} from '@bet/kit';
import { createTestDatabase, TEST_NATS_URL, TEST_PG_URL, TEST_REDIS_URL } from '@bet/kit/testing';
import pg from 'pg';
import { childModule } from './child-args';
import { processCpu } from './proc';

const role = process.argv[2];
if (role === 'service') await runService(process.argv[3]);
else if (role === 'gateway') await runGateway();

async function runService(name: string) {
  const defs: Record<string, () => Promise<any>> = {
    wallet: async () => (await import('@bet/wallet')).walletService,
    games: async () => (await import('@bet/games')).gamesService,
    betting: async () => (await import('@bet/betting')).bettingService,
  };
  const def = await defs[name]();
  const infra = await clusterInfrastructure(process.env, name);
  const running = await startService(def, infra, { port: 0, host: '127.0.0.1' });
  process.send!({ url: running.url });
  process.on('message', async () => {
    await running.stop();
    await infra.close();
    process.exit(0);
  });
}

async function runGateway() {
  const { createGateway, loadGatewayConfig } = await import('../gateway/src/index');
  const infra = await clusterInfrastructure(process.env, 'gateway');
  const gw = await createGateway({
    config: loadGatewayConfig({ ...process.env, RATE_LIMIT_MAX: '1000000000' }),
    logger: createLogger('gateway', 'silent'),
    verifier: infra.verifier,
    bus: infra.bus,
    redis: process.env.REDIS_URL ?? null,
    upstreams: {
      wallet: process.env.WALLET_URL,
      games: process.env.GAMES_URL,
      betting: process.env.BETTING_URL,
    },
  });
  const url = await gw.listen(0, '127.0.0.1');
  process.send!({ url });
  process.on('message', async () => {
    await gw.close();
    await infra.close();
    process.exit(0);
  });
}

export interface BenchStack {
  urls: Record<string, string>;
  /** each child's pid by role (wallet, games, betting, gateway) */
  pids: Record<string, number>;
  /** the bench's own bus connection, as another service would have */
  bus: NatsBus;
  prefix: string;
  databaseUrl: string;
  token(user: { id: string; role?: 'user' | 'admin'; username?: string }): Promise<string>;
  stop(): Promise<void>;
}

export async function startBenchStack(opts: {
  services: Array<'wallet' | 'games' | 'betting'>;
  gateway?: boolean;
  env?: Record<string, string>;
}): Promise<BenchStack> {
  const keys = await generateAuthKeys();
  const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform', 3600);
  const database = await createTestDatabase();
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    LOG_LEVEL: 'silent',
    MODE: 'cluster',
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    NATS_URL: TEST_NATS_URL,
    REDIS_URL: TEST_REDIS_URL,
    BUS_PREFIX: prefix,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    GAMES_PROVIDER: 'none',
    // production mode refuses the sandbox payment provider unless told (security item 2)
    ALLOW_SANDBOX_PAYMENTS: 'true',
    DATA_DIR: `/tmp/${prefix}`,
    ...opts.env,
  };
  const children: ReturnType<typeof fork>[] = [];
  const entry = await childModule(import.meta.url);
  const start = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      const child = fork(entry.path, args, {
        execArgv: entry.execArgv,
        env: { ...env, ...extra },
      });
      children.push(child);
      child.once('message', (m: any) => resolve(m.url));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    });
  const urls: Record<string, string> = {};
  const pids: Record<string, number> = {};
  const bus = await NatsBus.connect({ url: TEST_NATS_URL, prefix });
  try {
    // one at a time: migrations of a fresh database, and the stream, are created by the first
    for (const name of opts.services) {
      urls[name] = await start(['service', name]);
      pids[name] = children.at(-1)!.pid!;
    }
    if (opts.gateway) {
      urls.gateway = await start(['gateway'], {
        WALLET_URL: urls.wallet ?? '',
        GAMES_URL: urls.games ?? '',
        BETTING_URL: urls.betting ?? '',
      });
      pids.gateway = children.at(-1)!.pid!;
    }
  } catch (err) {
    for (const c of children) c.kill();
    await database.drop();
    throw err;
  }
  return {
    urls,
    pids,
    bus,
    prefix,
    databaseUrl: database.url,
    token: (u) =>
      signer.signAccess({ id: u.id, role: u.role ?? 'user', username: u.username ?? `u${u.id.slice(-6)}` }),
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                c.kill('SIGKILL');
                resolve();
              }, 10_000);
              c.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              c.send?.('stop');
            }),
        ),
      );
      await bus.close();
      await database.drop();
      await deleteStream(prefix);
    },
  };
}

/**
 * Autovacuum's work, done by the bench when the server has it turned off (this machine's
 * Postgres runs with `autovacuum = off` for CI; a production server runs it). Every few
 * seconds, each table of the bench's database past autovacuum's default thresholds is
 * vacuumed (dead rows over 50 + 20 % of its rows) or analyzed (rows changed since the last
 * analyze over 50 + 10 %). Without it a table that grew from empty during the run keeps the
 * planner's guess that it is tiny, and partial indexes keep every dead entry, so the cost of
 * a bet grows with every bet placed before it, which no running platform would see. Its
 * work runs in Postgres backends, so its CPU is counted in the Postgres figure.
 */
export async function autovacuumStandIn(
  databaseUrl: string,
  everyMs = 5_000,
): Promise<{ note: string; stop(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ on: string }>(`select current_setting('autovacuum') as on`);
  if (rows[0].on === 'on') {
    await client.end();
    return { note: 'the server runs autovacuum', stop: async () => {} };
  }
  let pass: Promise<void> = Promise.resolve();
  const runPass = async () => {
    const due = await client.query<{ name: string; vacuum: boolean }>(
      `select format('%I.%I', t.schemaname, t.relname) as name,
              n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
         from pg_stat_user_tables t join pg_class c on c.oid = t.relid
        where n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
    );
    for (const t of due.rows) await client.query(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.name}`);
  };
  const timer = setInterval(() => {
    pass = pass.then(runPass).catch((err) => console.error(`autovacuum stand-in: ${err.message}`));
  }, everyMs);
  return {
    note: `the server runs without autovacuum, so the bench does its work every ${everyMs / 1000} s (autovacuum's default thresholds)`,
    async stop() {
      clearInterval(timer);
      await pass;
      await client.end();
    },
  };
}

/**
 * The statements this database ran from now on, by total time (`BENCH_PG_STATEMENTS=1`): needs
 * `pg_stat_statements` in the server's `shared_preload_libraries`, so it is off by default.
 * Times include waiting for locks and for the CPU.
 */
export async function statementStats(databaseUrl: string) {
  if (!process.env.BENCH_PG_STATEMENTS) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  await client.query('select pg_stat_statements_reset()');
  return async (top = 25): Promise<string> => {
    const { rows } = await client.query(
      `select sum(calls)::int as calls, round(sum(total_exec_time))::int as ms, sum(rows)::int as rows,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q
         from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_statements%'
        group by 4 order by 2 desc limit $1`,
      [top],
    );
    await client.end();
    return rows
      .map(
        (r) =>
          `${String(r.calls).padStart(8)} calls ${String(r.ms).padStart(7)} ms ${String(r.rows).padStart(8)} rows  ${r.q}`,
      )
      .join('\n');
  };
}

async function deleteStream(prefix: string) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(`${prefix.toUpperCase()}_EVENTS`).catch(() => {});
  await nc.close();
}

/**
 * CPU seconds used so far by each part of the platform on this machine: our processes by
 * role, this load generator, and the backing servers (every postgres process, i.e. the
 * backends serving our pools, nats-server, redis-server), read from /proc.
 */
export function cpuSeconds(pids: Record<string, number>): Record<string, number> {
  const read = processCpu;
  const out: Record<string, number> = {};
  for (const [role, pid] of Object.entries(pids)) out[role] = read(pid)?.cpu ?? 0;
  const self = process.cpuUsage();
  out['load generator'] = (self.user + self.system) / 1e6;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = read(Number(entry));
    if (!p) continue;
    const name =
      p.comm === 'postgres'
        ? 'postgres'
        : p.comm === 'nats-server'
          ? 'nats'
          : p.comm.startsWith('redis-server')
            ? 'redis'
            : null;
    if (name) out[name] = (out[name] ?? 0) + p.cpu;
  }
  return out;
}

/** Resident memory (MiB) of each of our processes by role, and of this load generator. */
export function residentMiB(pids: Record<string, number>): string {
  const rss = (pid: number) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return Number(kb) / 1024;
    } catch {
      return Number.NaN;
    }
  };
  const parts = Object.entries(pids).map(([role, pid]) => `${role} ${rss(pid).toFixed(0)}`);
  parts.push(`load generator ${(process.memoryUsage().rss / 1048576).toFixed(0)}`);
  return `resident MiB: ${parts.join(', ')}`;
}

/** CPU milliseconds per accepted bet, per process, between two `cpuSeconds` readings. */
export function cpuPerBet(
  before: Record<string, number>,
  after: Record<string, number>,
  bets: number,
): string {
  const parts = Object.keys(after)
    .map((k) => [k, ((after[k] - (before[k] ?? 0)) * 1000) / Math.max(1, bets)] as const)
    .filter(([, ms]) => ms > 0.005);
  const total = parts.reduce((s, [, ms]) => s + ms, 0);
  return `CPU per bet ${total.toFixed(2)} ms: ${parts.map(([k, ms]) => `${k} ${ms.toFixed(2)}`).join(', ')}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** pgbench on the same server, for scale: TPC-B-like, 10 clients. */
export function pgbench(seconds: number): string {
  const base = new URL(TEST_PG_URL);
  const name = `pgbench_${randomBytes(4).toString('hex')}`;
  const args = [
    '-h',
    base.hostname,
    '-p',
    base.port || '5432',
    '-U',
    decodeURIComponent(base.username || 'postgres'),
  ];
  const env = { ...process.env, ...(base.password ? { PGPASSWORD: decodeURIComponent(base.password) } : {}) };
  execFileSync('createdb', [...args, name], { env });
  try {
    execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', name], { env, stdio: 'ignore' });
    const out = execFileSync('pgbench', [...args, '-n', '-T', String(seconds), '-c', '10', '-j', '2', name], {
      env,
    }).toString();
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    return `pgbench (TPC-B-like, 10 clients, ${seconds} s): ${Number(tps).toFixed(0)} TPS, average latency ${latency} ms`;
  } finally {
    execFileSync('dropdb', [...args, '--if-exists', '--force', name], { env });
  }
}
