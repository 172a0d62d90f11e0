import { randomBytes } from 'node:crypto';
import { createServer, connect as netConnect } from 'node:net';
import pg from 'pg';
import { Revocations } from './auth/revocations';
import { type AuthUser, generateAuthKeys, TokenSigner, TokenVerifier } from './auth/tokens';
import { MemoryBus } from './bus/memory';
import { NatsBus } from './bus/nats';
import { type Cache, MemoryCache, RedisCache } from './cache';
import { PGliteHost } from './db/pglite';
import { newId } from './ids';
import { createLogger } from './logger';
import {
  type Infrastructure,
  type RunningService,
  type ServiceDefinition,
  type StartOptions,
  startService,
} from './service';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh, empty Postgres database on the real server; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestInfrastructure extends Infrastructure {
  signer: TokenSigner;
  keys: { publicKeyPem: string; privateKeyPem: string };
  /** a valid access token for a made-up user */
  token(user?: Partial<AuthUser>): Promise<string>;
  databaseUrl?: string;
  prefix: string;
}

/**
 * Real infrastructure for integration tests: its own Postgres database, its own NATS
 * subject namespace and stream, its own Redis key prefix. `kind: 'embedded'` gives the
 * embedded mode's PGlite and in-memory bus instead.
 */
export async function testInfrastructure(
  opts: { kind?: 'cluster' | 'embedded'; env?: Record<string, string | undefined> } = {},
): Promise<TestInfrastructure> {
  const kind = opts.kind ?? 'cluster';
  const keys = await generateAuthKeys();
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const env: Record<string, string | undefined> = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    BUS_PREFIX: prefix,
    MODE: kind,
    NODE_ENV: 'test',
    ...opts.env,
  };
  const logger = createLogger('test', env.LOG_LEVEL);
  // the verifier reads the revocation list from the same cache identity writes it to
  const verifierFor = (cache: Cache) =>
    TokenVerifier.create(keys.publicKeyPem, 'bet-platform', { revocations: new Revocations(cache) });
  const signer = await TokenSigner.create(keys.privateKeyPem, 'bet-platform');
  const token = (user: Partial<AuthUser> = {}) =>
    signer.signAccess({
      id: user.id ?? newId(),
      role: user.role ?? 'user',
      username: user.username ?? 'tester',
    });

  if (kind === 'embedded') {
    const host = await PGliteHost.open('memory');
    const bus = new MemoryBus(logger, 10);
    const cache = new MemoryCache();
    const verifier = await verifierFor(cache);
    return {
      mode: 'embedded',
      bus,
      cache,
      database: (schema) => ({ kind: 'pglite', host, schema }),
      verifier,
      logger,
      env: { ...env, DATA_DIR: `.tmp/${prefix}` },
      signer,
      keys,
      token,
      prefix,
      async close() {
        await bus.close();
        await cache.close();
        await host.close();
      },
    };
  }

  const database = await createTestDatabase();
  const bus = await NatsBus.connect({ url: TEST_NATS_URL, prefix, logger });
  const cache = RedisCache.connect(TEST_REDIS_URL, `${prefix}:`);
  const verifier = await verifierFor(cache);
  env.DATABASE_URL = database.url;
  return {
    mode: 'cluster',
    bus,
    cache,
    database: (schema) => ({ kind: 'postgres', url: database.url, schema }),
    verifier,
    logger,
    env: { ...env, DATA_DIR: `.tmp/${prefix}` },
    signer,
    keys,
    token,
    prefix,
    databaseUrl: database.url,
    async close() {
      await bus.close();
      await cache.close();
      await deleteStream(prefix).catch(() => {});
      await database.drop();
    },
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

/** Polls until `check` returns a truthy value (events are asynchronous). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T,
  timeoutMs = 5_000,
  everyMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastErr: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as T;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > until) throw lastErr ?? new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A TCP port free on 127.0.0.1 right now, for a process that binds it seconds later (a child
 * still booting). Taken below the kernel's ephemeral range (32768–60999 on Linux), so no
 * `listen(0)` and no outgoing connection of another test is given it meanwhile, and from this
 * test worker's own slice of 20000–31999, so two test files running at once never pick the same
 * one. (A port from `listen(0)` was once taken over by another test's server before the child
 * bound it, and the test talked to that server.)
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  const base = PORT_SLICES_FROM + (worker % PORT_SLICES) * PORT_SLICE;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = base + Math.floor(Math.random() * PORT_SLICE);
    if (portsGiven.has(port) || !(await canListen(port))) continue;
    portsGiven.add(port);
    return port;
  }
  throw new Error(`no free port in ${base}–${base + PORT_SLICE - 1}`);
}

const PORT_SLICES_FROM = 20_000;
const PORT_SLICES = 6;
const PORT_SLICE = 2_000;
/** handed out by this process already: its children may not have bound them yet */
const portsGiven = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
  });
}

/**
 * One service of a test stack, with what it starts with (env, overrides, clock) and, where a
 * test needs it, its own view of the shared infrastructure (e.g. its database behind a proxy).
 */
export type StackPart =
  | ServiceDefinition<any, any, any>
  | {
      def: ServiceDefinition<any, any, any>;
      options?: StartOptions<any>;
      infra?: (shared: TestInfrastructure) => Infrastructure;
    };

export interface TestStack {
  infra: TestInfrastructure;
  /** the running services by name */
  services: Record<string, RunningService<any>>;
  /** an admin's Authorization header */
  admin: { authorization: string };
  /** stops the services in reverse order, then the infrastructure */
  close(): Promise<void>;
}

/**
 * Real services on one test infrastructure (Postgres, NATS, Redis), started in the order
 * given: the one stack builder of the integration tests. Each service is also a property
 * by its name (`stack.wallet`); assigning one (a test restarting it) replaces it in the
 * stack, so `close()` stops the one running.
 */
export async function startStack<N extends string = string>(
  parts: StackPart[],
  opts: { env?: Record<string, string | undefined>; kind?: 'cluster' | 'embedded' } = {},
): Promise<TestStack & Record<N, RunningService<any>>> {
  const infra = await testInfrastructure({ env: opts.env, kind: opts.kind });
  const services: Record<string, RunningService<any>> = {};
  try {
    for (const part of parts) {
      const {
        def,
        options,
        infra: own,
      } = 'def' in part ? part : { def: part, options: {}, infra: undefined };
      services[def.name] = await startService(def, own ? own(infra) : infra, options ?? {});
    }
  } catch (err) {
    for (const s of Object.values(services).reverse()) await s.stop().catch(() => {});
    await infra.close();
    throw err;
  }
  const admin = {
    authorization: `Bearer ${await infra.token({ id: newId(), role: 'admin', username: 'boss' })}`,
  };
  const stack: TestStack = {
    infra,
    services,
    admin,
    async close() {
      for (const s of Object.values(services).reverse()) await s.stop();
      await infra.close();
    },
  };
  for (const name of Object.keys(services))
    Object.defineProperty(stack, name, {
      enumerable: true,
      get: () => services[name],
      set: (running: RunningService<any>) => {
        services[name] = running;
      },
    });
  return stack as TestStack & Record<N, RunningService<any>>;
}

/** One call to a running service, in process: status and JSON body. */
export async function inject(
  svc: RunningService<any>,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await svc.app.inject({
    method: method as never,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Every command Redis runs from now on, as its arguments (the command first). */
export interface RedisCommandWatch {
  readonly commands: readonly string[][];
  close(): void;
}

/**
 * Watches Redis with MONITOR over a bare socket. ioredis' own `monitor()` can take a command's
 * echo for the answer to its MONITOR when the two arrive in one read, and fails the test with
 * "Command queue state error" (it did, in CI); here the first line is the answer and every
 * later line an echo. Resolves once Redis has answered, so nothing run after it is missed.
 */
export function watchRedisCommands(url = TEST_REDIS_URL): Promise<RedisCommandWatch> {
  const { hostname, port } = new URL(url);
  const commands: string[][] = [];
  const socket = netConnect(Number(port || 6379), hostname);
  return new Promise((resolve, reject) => {
    let pending = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.once('error', reject);
    socket.on('connect', () => socket.write('MONITOR\r\n'));
    socket.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\r\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!answered) {
          answered = true;
          if (line !== '+OK') {
            socket.destroy();
            return reject(new Error(`MONITOR refused: ${line}`));
          }
          resolve({ commands, close: () => socket.destroy() });
          continue;
        }
        commands.push(monitorArgs(line));
      }
    });
  });
}

/** `+1700000000.000000 [0 127.0.0.1:5000] "publish" "a\"b"` → ['publish', 'a"b'] */
function monitorArgs(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, quoted]) =>
    quoted!.replace(/\\(x[0-9a-f]{2}|.)/g, (_, e: string) =>
      e.length === 3 ? String.fromCharCode(Number.parseInt(e.slice(1), 16)) : (MONITOR_ESCAPES[e] ?? e),
    ),
  );
}
const MONITOR_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' };
