import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox';
import type { Kysely, Migration } from 'kysely';
import { TokenVerifier } from './auth/tokens';
import { MemoryBus } from './bus/memory';
import { NatsBus } from './bus/nats';
import type { EventBus, Subscription } from './bus/types';
import { type Cache, MemoryCache, RedisCache } from './cache';
import { type BaseConfig, baseConfig, loadConfig } from './config';
import { type Database, type DatabaseOptions, openDatabase } from './db/database';
import type { PGliteHost } from './db/pglite';
import { type App, createServer } from './http/server';
import { createLogger, type Logger } from './logger';
import { OutboxRelay, type OutboxTables, outboxMigration } from './outbox';

/** What a service gets to do its work; built once at start, overridable in tests. */
export interface ServiceContext<DB, C = Record<string, never>> {
  name: string;
  logger: Logger;
  config: BaseConfig & C;
  db: Kysely<DB & OutboxTables>;
  database: Database<DB & OutboxTables>;
  bus: EventBus;
  cache: Cache;
  verifier: TokenVerifier;
  relay: OutboxRelay;
  /** A transaction whose outbox events are published right after it commits. */
  tx<T>(fn: (trx: Kysely<DB & OutboxTables>) => Promise<T>): Promise<T>;
  /** Subscriptions and timers to end, in reverse order, when the service stops. */
  onStop(fn: () => Promise<void> | void): void;
  track(sub: Subscription): Subscription;
}

export interface ServiceDefinition<DB, P extends TProperties = TProperties> {
  /** also the Postgres schema and the bus consumer-name prefix */
  name: string;
  config?: P;
  migrations: Record<string, Migration>;
  routes(app: App, ctx: ServiceContext<DB, Static<TObject<P>>>): Promise<void> | void;
  /** consumers, command responders, timers */
  start?(ctx: ServiceContext<DB, Static<TObject<P>>>): Promise<void> | void;
}

export function defineService<DB, P extends TProperties>(def: ServiceDefinition<DB, P>) {
  return def;
}

/** The shared infrastructure a service runs on. */
export interface Infrastructure {
  mode: 'embedded' | 'cluster';
  bus: EventBus;
  cache: Cache;
  database(schema: string): DatabaseOptions;
  verifier: TokenVerifier;
  logger: Logger;
  env: Record<string, string | undefined>;
  close(): Promise<void>;
}

export interface RunningService<DB = unknown> {
  name: string;
  app: App;
  url: string;
  ctx: ServiceContext<DB, any>;
  stop(): Promise<void>;
}

export async function startService<DB, P extends TProperties>(
  def: ServiceDefinition<DB, P>,
  infra: Infrastructure,
  opts: { port?: number; host?: string; env?: Record<string, string | undefined> } = {},
): Promise<RunningService<DB>> {
  const env = { ...infra.env, ...opts.env };
  const config = loadConfig(Type.Object({ ...baseConfig, ...(def.config ?? {}) }), env) as BaseConfig &
    Static<TObject<P>>;
  const logger = infra.logger.child({ service: def.name });
  const database = await openDatabase<DB & OutboxTables>(infra.database(def.name));
  await database.migrate({ '0000_kit_outbox_inbox': outboxMigration, ...def.migrations }, logger);
  const relay = new OutboxRelay(database.db, infra.bus, logger);
  const stops: Array<() => Promise<void> | void> = [];
  const ctx: ServiceContext<DB, Static<TObject<P>>> = {
    name: def.name,
    logger,
    config,
    db: database.db,
    database,
    bus: infra.bus,
    cache: infra.cache,
    verifier: infra.verifier,
    relay,
    async tx(fn) {
      const result = await database.db.transaction().execute(fn);
      relay.nudge();
      return result;
    },
    onStop(fn) {
      stops.push(fn);
    },
    track(sub) {
      stops.push(() => sub.stop());
      return sub;
    },
  };
  const app = await createServer({
    name: def.name,
    logger,
    verifier: infra.verifier,
    readiness: { database: () => database.ping(), bus: () => infra.bus.ping() },
  });
  let address: string;
  try {
    await def.routes(app, ctx);
    await def.start?.(ctx);
    relay.start();
    address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? config.HOST });
  } catch (err) {
    // a service that cannot start lets go of everything it already holds
    await app.close().catch(() => {});
    for (const fn of stops.reverse()) await Promise.resolve(fn()).catch(() => {});
    await relay.stop();
    await database.close();
    throw err;
  }
  logger.info({ address }, `${def.name} listening`);
  let stopped = false;
  return {
    name: def.name,
    app,
    url: address.replace('[::1]', '127.0.0.1'),
    ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      // stop taking work, finish what is in flight, then let go of the database
      await app.close();
      for (const fn of stops.reverse()) await fn();
      await relay.stop();
      await database.close();
    },
  };
}

/** Infrastructure of the cluster mode: Postgres, NATS JetStream and Redis from the environment. */
export async function clusterInfrastructure(
  env: Record<string, string | undefined> = process.env,
  name = 'service',
): Promise<Infrastructure> {
  const config = loadConfig(Type.Object(baseConfig), env);
  const logger = createLogger(name, config.LOG_LEVEL);
  if (!config.JWT_PUBLIC_KEY)
    throw new Error('Invalid configuration:\n  JWT_PUBLIC_KEY: is required in cluster mode');
  const verifier = await TokenVerifier.create(config.JWT_PUBLIC_KEY, config.JWT_ISSUER);
  const bus = await NatsBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name, logger });
  const cache = RedisCache.connect(config.REDIS_URL, `${config.BUS_PREFIX}:`);
  return {
    mode: 'cluster',
    bus,
    cache,
    database: (schema) => ({ kind: 'postgres', url: config.DATABASE_URL, schema }),
    verifier,
    logger,
    env,
    async close() {
      await bus.close();
      await cache.close();
    },
  };
}

/** Infrastructure of the embedded mode: one PGlite, an in-memory bus and cache, one process. */
export async function embeddedInfrastructure(opts: {
  host: PGliteHost;
  publicKeyPem: string;
  env?: Record<string, string | undefined>;
  logger: Logger;
}): Promise<Infrastructure> {
  const env = opts.env ?? process.env;
  const config = loadConfig(Type.Object(baseConfig), env);
  const bus = new MemoryBus(opts.logger);
  const cache = new MemoryCache();
  return {
    mode: 'embedded',
    bus,
    cache,
    database: (schema) => ({ kind: 'pglite', host: opts.host, schema }),
    verifier: await TokenVerifier.create(opts.publicKeyPem, config.JWT_ISSUER),
    logger: opts.logger,
    env: { ...env, MODE: 'embedded' },
    async close() {
      await bus.close();
      await cache.close();
    },
  };
}

/**
 * Entry point of a service in its own process (cluster and container modes): reads the
 * environment, starts, and shuts down gracefully on SIGINT/SIGTERM.
 */
export async function runStandalone<DB, P extends TProperties>(
  def: ServiceDefinition<DB, P>,
  defaultPort: number,
) {
  const { default: closeWithGrace } = await import('close-with-grace');
  const infra = await clusterInfrastructure(process.env, def.name);
  const port = Number(process.env.PORT ?? defaultPort);
  const running = await startService(def, infra, { port, host: process.env.HOST ?? '0.0.0.0' });
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) infra.logger.error({ err }, 'shutting down after an error');
    else infra.logger.info({ signal }, 'shutting down');
    await running.stop();
    await infra.close();
  });
  return running;
}
