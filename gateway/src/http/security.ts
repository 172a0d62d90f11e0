import type { IncomingMessage } from 'node:http';
import { type App, HttpError } from '@bet/kit';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later.';

/**
 * Security headers. The CSP allows the shell's own files, its inline theme script by hash
 * (no 'unsafe-inline' for scripts), websockets to this same host, images from https (team
 * logos come from data providers), and inline styles (React components set style attributes).
 */
export async function registerSecurityHeaders(
  app: App,
  opts: { scriptHashes: () => string[]; https: boolean },
) {
  const sameHostSockets = (req: IncomingMessage) => {
    const host = req.headers.host ?? '';
    return /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `ws://${host} wss://${host}` : '';
  };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", () => opts.scriptHashes().join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => sameHostSockets(req as IncomingMessage)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on a plain-http deployment would only confuse; it is set when PUBLIC_URL is https
    strictTransportSecurity: opts.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

export async function registerCors(app: App, origins: string[] | '*') {
  if (origins !== '*' && origins.length === 0) return; // same origin only: no CORS headers at all
  await app.register(cors, {
    origin: origins === '*' ? true : origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ],
    maxAge: 600,
  });
}

export interface RateLimitOptions {
  max: number;
  timeWindow: number;
  /** null: an in-memory store (embedded mode, one gateway) */
  redis: Redis | null;
  nameSpace: string;
}

/**
 * The general per-IP limit on every route; routes with `config.rateLimit` (the auth calls)
 * get their own stricter counter instead. A Redis outage lets requests through (logged)
 * rather than taking the whole site down.
 */
export async function registerRateLimit(app: App, opts: RateLimitOptions) {
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: opts.timeWindow,
    ...(opts.redis ? { redis: opts.redis } : {}),
    nameSpace: opts.nameSpace,
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
}
