import type { CommandDefinition, CommandReply, CommandRequest, EventDefinition } from '@bet/proto-events';
import { validate } from '@bet/proto-events';
import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox';
import type { Kysely, Migration } from 'kysely';
import { Revocations } from './auth/revocations';
import { TokenVerifier } from './auth/tokens';
import { MemoryBus } from './bus/memory';
import { NatsBus } from './bus/nats';
import type { DeliveryInfo, EventBus, EventHandler, Subscription } from './bus/types';
import { type Cache, MemoryCache, RedisCache } from './cache';
import { type Clock, systemClock } from './clock';
import { type BaseConfig, baseConfig, loadConfig } from './config';
import { setWalletCurrency } from './currency';
import { type Database, type DatabaseOptions, openDatabase } from './db/database';
import type { PGliteHost } from './db/pglite';
import type { ErrorTable } from './errors';
import { groupCommit } from './group-commit';
import { type App, createServer } from './http/server';
import {
  type EveryOptions,
  every,
  keepLease,
  type Lease,
  type LeaseOptions,
  leaseMigration,
  soleLease,
} from './jobs';
import { createLogger, type Logger } from './logger';
import { broadcastEvent, MessageSchemaError, sendCommand, typedEvent } from './messages';
import { watchRedis } from './observability/clients';
import { recordBuildInfo, watchPool } from './observability/metrics';
import { handleOnce, OutboxRelay, type OutboxTables, outboxMigration } from './outbox';
import type { JobModule, MessageModule, RouteModule, TrxOf } from './shape';

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
  clock: Clock;
  /** A transaction whose outbox events are published right after it commits. */
  tx<T>(fn: (trx: Kysely<DB & OutboxTables>) => Promise<T>): Promise<T>;
  /** A catalogue command over the bus, request and reply checked against the catalogue. */
  request<Cmd extends CommandDefinition>(
    command: Cmd,
    request: CommandRequest<Cmd>,
    opts?: { timeoutMs?: number },
  ): Promise<CommandReply<Cmd>>;
  /** A transient catalogue event (core NATS): high-rate data nobody replays. */
  broadcast<E extends EventDefinition<any, any>>(event: E, data: Static<E['schema']>): void;
  /** Periodic work that never overlaps itself and stops with the service (see `every`). */
  every(name: string, ms: number, fn: () => Promise<unknown> | unknown, opts?: EveryOptions): void;
  /** Leader election: a lease row this replica keeps while it can (see `keepLease`). */
  lease(name: string, opts?: LeaseOptions): Lease;
  /** Subscriptions and timers to end, in reverse order, when the service stops. */
  onStop(fn: () => Promise<void> | void): void;
  track(sub: Subscription): Subscription;
}

/** The context a service's parts receive: the kit's objects plus what the service built. */
export type AppContextOf<DB, C, X> = ServiceContext<DB, C> & X;

export interface ServiceDefinition<DB, P extends TProperties = TProperties, X extends object = object> {
  /** also the Postgres schema and the bus consumer-name prefix */
  name: string;
  /** the answer to each of the service's domain error codes (routes/errors.ts): status, and whether `code` is sent */
  errors?: ErrorTable;
  config?: P;
  /** explicit index of migrations (one file each), applied in name order */
  migrations: Record<string, Migration>;
  /**
   * Builds the service's long-lived objects once (clients, engines, providers); tests pass
   * `overrides` to replace any of them. What it returns is merged into the context.
   */
  context?(kit: ServiceContext<DB, Static<TObject<P>>>, overrides: Partial<X>): X | Promise<X>;
  /** the calls it answers: one module per file */
  routes: ReadonlyArray<RouteModule<AppContextOf<DB, Static<TObject<P>>, X>>>;
  /** durable consumers, command responders and transient listeners: one module per file */
  consumers?: ReadonlyArray<MessageModule<AppContextOf<DB, Static<TObject<P>>, X>>>;
  /** periodic work: one module per file */
  jobs?: ReadonlyArray<JobModule<AppContextOf<DB, Static<TObject<P>>, X>>>;
}

export function defineService<DB, P extends TProperties, X extends object = object>(
  def: ServiceDefinition<DB, P, X>,
) {
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

export interface StartOptions<X = object> {
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  /** replaces objects the service's `context()` would build (tests) */
  overrides?: Partial<X>;
  clock?: Clock;
}

/** the migrations of a service's schema: the kit's own tables and the service's history */
export function allMigrations(def: { migrations: Record<string, Migration> }): Record<string, Migration> {
  return { '0000_kit_outbox_inbox': outboxMigration, '0000_kit_leases': leaseMigration, ...def.migrations };
}

export async function startService<DB, P extends TProperties, X extends object>(
  def: ServiceDefinition<DB, P, X>,
  infra: Infrastructure,
  opts: StartOptions<X> = {},
): Promise<RunningService<DB>> {
  type Cfg = Static<TObject<P>>;
  const env = { ...infra.env, ...opts.env };
  const config = loadConfig(Type.Object({ ...baseConfig, ...(def.config ?? {}) }), env) as BaseConfig & Cfg;
  // one currency per deployment: the messages this process writes name its amounts in it
  setWalletCurrency(config.CURRENCY);
  const logger = infra.logger.child({ service: def.name });
  const database = await openDatabase<DB & OutboxTables>(infra.database(def.name));
  await database.migrate(allMigrations(def), logger, config.MIGRATIONS);
  const keepHours =
    infra.mode === 'embedded' ? Math.max(24, config.OUTBOX_KEEP_HOURS) : config.OUTBOX_KEEP_HOURS;
  const relay = new OutboxRelay(database.db, infra.bus, logger, {
    keepPublished: keepHours > 0,
    keepPublishedMs: keepHours * 3_600_000,
    // one process writes the embedded outboxes: it knows when there is something to publish
    ...(infra.mode === 'embedded' ? { lookEveryMs: 30_000 } : {}),
  });
  const stops: Array<() => Promise<void> | void> = [];
  // the pool's connections and the release, on the metrics of every replica
  if (database.poolStats) stops.push(watchPool(def.name, database.poolStats));
  recordBuildInfo(def.name);
  const ctx: ServiceContext<DB, Cfg> = {
    name: def.name,
    logger,
    config,
    db: database.db,
    database,
    bus: infra.bus,
    cache: infra.cache,
    verifier: infra.verifier,
    relay,
    clock: opts.clock ?? systemClock,
    tx: (fn) => relay.afterCommit(() => database.db.transaction().execute(fn)),
    request: (command, request, o) => sendCommand(infra.bus, command, request, o),
    broadcast: (event, data) => broadcastEvent(infra.bus, event, data),
    every(name, ms, fn, o = {}) {
      const lease = o.leader ? ctx.lease(`job:${name}`) : undefined;
      const timer = every(name, ms, fn, { logger, lease: lease && (() => lease.held) }, o);
      stops.push(() => timer.stop());
    },
    lease(name, o) {
      // one process is the whole embedded platform: nothing to elect
      const lease =
        infra.mode === 'embedded' ? soleLease(name, logger, o) : keepLease(database.db, name, logger, o);
      stops.push(() => lease.stop());
      return lease;
    },
    onStop(fn) {
      stops.push(fn);
    },
    track(sub) {
      stops.push(() => sub.stop());
      return sub;
    },
  };
  let draining = false;
  const app = await createServer({
    name: def.name,
    logger,
    verifier: infra.verifier,
    readiness: {
      database: () => database.ping(),
      bus: () => infra.bus.ping(),
      // false from the first moment of a shutdown: see stop()
      serving: async () => !draining,
    },
    // on under the test runner (vitest.config.ts): a response schema that would drop a field fails the test
    checkResponses: process.env.CHECK_RESPONSES === 'true',
    trustedProxies: config.TRUSTED_PROXIES,
    errors: def.errors,
  });
  let address: string;
  try {
    if (def.context) Object.assign(ctx, await def.context(ctx, opts.overrides ?? {}), opts.overrides ?? {});
    const appCtx = ctx as AppContextOf<DB, Cfg, X>;
    for (const route of def.routes) await route.register(app, appCtx);
    for (const m of def.consumers ?? []) await startMessageModule(m, appCtx, infra.bus);
    for (const job of def.jobs ?? []) {
      if (job.enabled && !job.enabled(appCtx)) continue;
      const ms = typeof job.everyMs === 'function' ? job.everyMs(appCtx) : job.everyMs;
      ctx.every(job.name, ms, () => job.run(appCtx), { leader: job.leader, immediately: job.immediately });
    }
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
      // not ready any more, still serving: whoever routes here sees it leave first
      draining = true;
      if (config.DRAIN_SECONDS > 0) {
        logger.info({ seconds: config.DRAIN_SECONDS }, 'draining: /readyz answers 503');
        await new Promise((done) => setTimeout(done, config.DRAIN_SECONDS * 1000));
      }
      // stop taking work, finish what is in flight, then let go of the database
      await app.close();
      for (const fn of stops.reverse()) await fn();
      await relay.stop();
      await database.close();
    },
  };
}

/** Wires one consumer, responder or listener module onto the bus; stops with the service. */
async function startMessageModule<Ctx extends ServiceContext<any, any>>(
  m: MessageModule<Ctx>,
  ctx: Ctx,
  bus: EventBus,
) {
  if (m.kind === 'consumer') {
    const bySubject = new Map<string, EventDefinition<any, any>>(
      m.events.map((e: EventDefinition<any, any>) => [e.subject, e]),
    );
    const handler: EventHandler = async (envelope, info) => {
      const def = bySubject.get(envelope.subject);
      if (!def) return;
      let event: any;
      try {
        event = typedEvent(def, envelope);
      } catch (err) {
        // a malformed event never becomes valid by redelivery: say so loudly and move on
        ctx.logger.error(
          { err, eventId: envelope.id, consumer: m.durable },
          'event skipped: not in the catalogue shape',
        );
        return;
      }
      if (together) return together({ event, info });
      return handleOne(event, info);
    };
    const handleOne = async (event: any, info: DeliveryInfo) => {
      if (m.once === false) return m.handle(ctx, event, { ...info, trx: null });
      // the transaction on the service's own database: its type is the context's (erased here)
      await ctx.relay.afterCommit(() =>
        handleOnce(ctx.db, m.durable, event.id, (trx) =>
          m.handle(ctx, event, { ...info, trx: trx as TrxOf<Ctx> }),
        ),
      );
    };
    const batched = m.together;
    const together = batched
      ? groupCommit<{ event: any; info: DeliveryInfo }>({
          max: batched.max,
          parallel: batched.parallel,
          ...(batched.laneOf ? { laneOf: ({ event }) => batched.laneOf!(event) } : {}),
          runBatch: async (items) => {
            await batched.handle(
              ctx,
              items.map((i) => i.event),
            );
            return items.map(() => undefined);
          },
          runOne: ({ event, info }) => handleOne(event, info),
          onBatchError: (err, size) =>
            ctx.logger.warn(
              { err, consumer: m.durable, size },
              'batch failed; handling its events one by one',
            ),
        })
      : undefined;
    ctx.track(
      await bus.consume({
        durable: m.durable,
        subjects: [...bySubject.keys()],
        handler,
        // a batch fills only with that many deliveries waiting on it
        concurrency: batched ? batched.max * (batched.parallel ?? 1) : m.concurrency,
        ackWaitMs: m.ackWaitMs,
        ...(m.maxDeliver !== undefined ? { maxDeliver: m.maxDeliver } : {}),
      }),
    );
  } else if (m.kind === 'responder') {
    const command: CommandDefinition = m.command;
    const batched = m.together;
    const together = batched
      ? groupCommit<unknown, unknown>({
          max: batched.max,
          parallel: batched.parallel,
          runBatch: (requests) => batched.handle(ctx, requests),
          runOne: (request) => m.handle(ctx, request),
          onBatchError: (err, size) =>
            ctx.logger.warn(
              { err, command: command.subject, size },
              'batch failed; answering its requests one by one',
            ),
        })
      : undefined;
    ctx.track(
      await bus.reply(
        command.subject,
        async (data) => {
          const problems = validate(command.request, data);
          if (problems.length > 0) {
            if (m.invalid) return m.invalid(problems);
            throw new MessageSchemaError(command.subject, problems);
          }
          return together ? together(data) : m.handle(ctx, data);
        },
        // one owner answers a command: its replicas share the subject's queue group
        { queue: command.subject },
      ),
    );
  } else {
    const event: EventDefinition = m.event;
    ctx.track(bus.listen(event.subject, (data) => m.handle(ctx, data)));
  }
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
  const bus = await NatsBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name, logger });
  const cache = RedisCache.connect(config.REDIS_URL, `${config.BUS_PREFIX}:`);
  watchRedis(name, 'cache', cache.redis);
  const maxAgeSeconds = config.JWT_MAX_TOKEN_AGE_SECONDS;
  const verifier = await TokenVerifier.create(config.JWT_PUBLIC_KEY, config.JWT_ISSUER, {
    maxAgeSeconds,
    revocations: new Revocations(cache, { maxTokenAgeSeconds: maxAgeSeconds }),
  });
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
}): Promise<Infrastructure & { bus: MemoryBus }> {
  const env = opts.env ?? process.env;
  const config = loadConfig(Type.Object(baseConfig), env);
  const bus = new MemoryBus(opts.logger);
  const cache = new MemoryCache();
  return {
    mode: 'embedded',
    bus,
    cache,
    database: (schema) => ({ kind: 'pglite', host: opts.host, schema }),
    verifier: await TokenVerifier.create(opts.publicKeyPem, config.JWT_ISSUER, {
      maxAgeSeconds: config.JWT_MAX_TOKEN_AGE_SECONDS,
      revocations: new Revocations(cache, { maxTokenAgeSeconds: config.JWT_MAX_TOKEN_AGE_SECONDS }),
    }),
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
export async function runStandalone<DB, P extends TProperties, X extends object>(
  def: ServiceDefinition<DB, P, X>,
  defaultPort: number,
) {
  const { default: closeWithGrace } = await import('close-with-grace');
  if (process.argv[2] === 'migrate') return migrateStandalone(def);
  const infra = await clusterInfrastructure(process.env, def.name);
  const port = Number(process.env.PORT ?? defaultPort);
  const running = await startService(def, infra, { port, host: process.env.HOST ?? '0.0.0.0' });
  const drainMs = Number(running.ctx.config.DRAIN_SECONDS ?? 0) * 1000;
  closeWithGrace({ delay: 10_000 + drainMs }, async ({ err, signal }) => {
    if (err) infra.logger.error({ err }, 'shutting down after an error');
    else infra.logger.info({ signal }, 'shutting down');
    await running.stop();
    await infra.close();
  });
  return running;
}

/**
 * `node main.mjs migrate` (the images) or `npm run migrate`: runs this service's missing
 * migrations against DATABASE_URL and exits, before a release's replicas start.
 */
async function migrateStandalone<DB, P extends TProperties, X extends object>(
  def: ServiceDefinition<DB, P, X>,
): Promise<never> {
  const config = loadConfig(
    Type.Object({ DATABASE_URL: baseConfig.DATABASE_URL, LOG_LEVEL: baseConfig.LOG_LEVEL }),
    process.env,
  );
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, schema: def.name });
  try {
    await database.migrate(allMigrations(def), logger, 'apply');
    logger.info('migrations up to date');
  } catch (err) {
    logger.error({ err }, 'migration failed');
    process.exitCode = 1;
  } finally {
    await database.close();
  }
  process.exit();
}
