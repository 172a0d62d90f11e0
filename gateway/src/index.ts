import type { App, Cache, EventBus, Logger, TokenVerifier } from '@bet/kit';
import {
  installObservability,
  recordBuildInfo,
  setWalletCurrency,
  socketConnections,
  watchRedis,
} from '@bet/kit';
import swagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { corsOrigins, type GatewayConfig, loadGatewayConfig, trustProxyOption } from './config';
import { createMetricsServer } from './http/metrics';
import { registerProxy } from './http/proxy';
import {
  registerCors,
  registerRateLimit,
  registerSecurityHeaders,
  registerSharedImages,
} from './http/security';
import { createHttpServer } from './http/server';
import { registerWeb, shellScriptHashes, type WebRoots } from './http/web';
import { Realtime } from './realtime/sockets';
import type { ServiceName } from './routes';

export { type GatewayConfig, gatewayConfig, loadGatewayConfig } from './config';
export type { WebRoots } from './http/web';
export { API_BASE, expandRouteTable, routeTable, SERVICES, type ServiceName } from './routes';

export interface GatewayOptions {
  /** typed settings; or `env`, read with loadGatewayConfig (config wins when both are given) */
  config?: GatewayConfig;
  env?: Record<string, string | undefined>;
  logger: Logger;
  verifier: TokenVerifier;
  bus: EventBus;
  /** not used for anything the gateway depends on */
  cache?: Cache;
  /**
   * Redis URL (cluster): the shared rate-limit store and the socket.io adapter, so every
   * gateway instance reaches every socket. null/absent (embedded): in memory.
   */
  redis?: string | null;
  /** the same as `redis` */
  redisUrl?: string | null;
  /** base URL of each service; a missing one answers 503 */
  upstreams: Partial<Record<ServiceName, string | null | undefined>>;
  webRoots?: WebRoots;
  /** true once a shutdown has begun: /readyz then answers 503 while requests are still served */
  draining?: () => boolean;
}

export interface Gateway {
  app: App;
  io: Server;
  /** the address after listen() */
  url: string | null;
  /** the internal metrics listener's address after listen() (GET /metrics) */
  metricsUrl: string | null;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The edge of the platform: the /api/v1 proxy by the route table, early token rejection,
 * rate limits, security headers, CORS, socket.io with the bus bridge and presence, and the
 * web bundles. Starts consuming bus events at once; call listen() to take connections.
 */
export async function createGateway(opts: GatewayOptions): Promise<Gateway> {
  const config = opts.config ?? loadGatewayConfig(opts.env ?? process.env);
  // the notifications it writes name amounts in the deployment's currency
  setWalletCurrency(config.CURRENCY);
  const redisUrl = opts.redis ?? opts.redisUrl ?? null;
  const logger = opts.logger.child({ service: 'gateway' });
  const origins = corsOrigins(config.CORS_ORIGINS);

  const redisClients: Redis[] = [];
  const connectRedis = (name: string, extra: Record<string, unknown> = {}) => {
    const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: 2_000, ...extra });
    client.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
    watchRedis('gateway', name, client);
    redisClients.push(client);
    return client;
  };
  // rate limiting must never hang a request: short command timeout, then fail open
  const limiterRedis = redisUrl ? connectRedis('rate-limits', { commandTimeout: 500 }) : null;

  const app = createHttpServer({
    logger,
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  });
  // a trace per request that the proxied call continues (kit observability); /metrics is
  // served on the internal listener only (about 480 KB of text, nothing for the public)
  installObservability(app, 'gateway', { forwardTrace: true, metricsRoute: false });
  recordBuildInfo('gateway');
  const metrics = createMetricsServer({ logger, max: config.METRICS_RATE_LIMIT_MAX });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gateway',
        version: '1.0.0',
        description:
          'The public edge: every /api/v1 path is forwarded to the service that owns it (tag = owner).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await registerSecurityHeaders(app, {
    scriptHashes: shellScriptHashes(opts.webRoots),
    https: config.PUBLIC_URL.startsWith('https:'),
    publicUrl: config.PUBLIC_URL,
  });
  registerSharedImages(app);
  await registerRateLimit(app, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    redis: limiterRedis,
    nameSpace: `${config.BUS_PREFIX}:ratelimit:`,
  });
  await registerCors(app, origins);

  const readiness: Record<string, () => Promise<boolean>> = { bus: () => opts.bus.ping() };
  if (opts.draining) readiness.serving = async () => !opts.draining?.();
  if (limiterRedis) readiness.redis = async () => (await limiterRedis.ping()) === 'PONG';
  // probes' request lines (info) left out: they come every second from the load balancer
  const health = {
    config: { auth: 'public' as const, rateLimit: false as const },
    logLevel: 'warn' as const,
  };
  app.get('/healthz', { ...health, schema: { summary: 'The process is alive' } }, async () => ({
    status: 'ok',
    service: 'gateway',
  }));
  app.get(
    '/readyz',
    { ...health, schema: { summary: 'The bus (and Redis in a cluster) answer' } },
    async (_req, reply) => {
      const checks: Record<string, boolean> = {};
      for (const [name, check] of Object.entries(readiness)) checks[name] = await check().catch(() => false);
      const ok = Object.values(checks).every(Boolean);
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks });
    },
  );
  // counted like any call, and on a counter of its own: the document is large
  app.get(
    '/openapi.json',
    {
      config: { auth: 'public', rateLimit: { max: config.OPENAPI_RATE_LIMIT_MAX, timeWindow: 60_000 } },
      schema: { hide: true },
    },
    async () => app.swagger(),
  );
  app.get('/metrics', { ...health, schema: { hide: true } }, async (req, reply) =>
    reply.status(404).send({ msg: `Route not found: ${req.method} /metrics` }),
  );

  await registerProxy(app, {
    upstreams: opts.upstreams,
    verifier: opts.verifier,
    uploadBodyLimit: config.UPLOAD_BODY_LIMIT,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    limits: {
      auth: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_AUTH_WINDOW_MS },
      reset: { max: config.RATE_LIMIT_RESET_MAX, timeWindow: config.RATE_LIMIT_RESET_WINDOW_MS },
      refresh: { max: config.RATE_LIMIT_REFRESH_MAX, timeWindow: config.RATE_LIMIT_REFRESH_WINDOW_MS },
    },
  });
  await registerWeb(app, opts.webRoots);

  await app.ready();

  const realtime = new Realtime({
    server: app.server,
    verifier: opts.verifier,
    bus: opts.bus,
    logger,
    corsOrigins: origins,
    redis: redisUrl
      ? {
          pub: catchingPublish(connectRedis('socket-pub'), logger),
          sub: connectRedis('socket-sub'),
          key: `${config.BUS_PREFIX}:socket.io`,
        }
      : undefined,
    eventMaxAgeMs: config.SOCKET_EVENT_MAX_AGE_MS,
    presenceTimeoutMs: config.PRESENCE_TIMEOUT_MS,
    presenceGraceMs: config.PRESENCE_OFFLINE_GRACE_MS,
  });
  await realtime.startBridge();
  realtime.io.on('connection', (socket) => {
    socketConnections.inc({ service: 'gateway' });
    socket.on('disconnect', () => socketConnections.dec({ service: 'gateway' }));
  });

  let closed = false;
  const gateway: Gateway = {
    app,
    io: realtime.io,
    url: null,
    metricsUrl: null,
    async listen(port = config.PORT, host = config.HOST) {
      const address = await app.listen({ port, host });
      gateway.url = address.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
      const metricsAddress = await metrics.listen({ port: port === 0 ? 0 : config.METRICS_PORT, host });
      gateway.metricsUrl = metricsAddress.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
      logger.info({ address }, 'gateway listening');
      return gateway.url;
    },
    async close() {
      if (closed) return;
      closed = true;
      // sockets first (an upgraded connection would hold the HTTP server open), then the
      // HTTP server finishes its in-flight requests, then Redis
      await realtime.close();
      await app.close();
      await metrics.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
  return gateway;
}

/**
 * @socket.io/redis-adapter drops the promise `publish()` returns. While Redis is away that
 * promise rejects with nobody listening, and an unhandled rejection ends the process: the
 * gateway died on a Redis restart (infra/test/chaos.test.ts). The packet is lost either way,
 * as socket.io documents for an adapter without Redis; it is logged instead.
 */
function catchingPublish(client: Redis, logger: Logger): Redis {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  (client as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) => {
    const sent = publish(...args);
    sent.catch((err: Error) =>
      logger.warn({ err: err.message }, 'socket event not shared with the other gateways'),
    );
    return sent;
  };
  return client;
}
