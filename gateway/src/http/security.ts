import type { IncomingMessage } from 'node:http';
import { type App, HttpError } from '@bet/kit';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { isSharedImage, isStaticAsset } from '../domain/web';

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later.';

/**
 * Security headers. The CSP allows the shell's own files, its inline theme script by hash
 * (no 'unsafe-inline' for scripts), websockets to this same host, images from https (team
 * logos come from data providers), and inline styles (React components set style attributes).
 */
export async function registerSecurityHeaders(
  app: App,
  opts: { scriptHashes: () => string[]; https: boolean; publicUrl?: string },
) {
  // our crests and avatars are absolute URLs on PUBLIC_URL, which may differ from the host the
  // page was opened under (localhost and 127.0.0.1, say)
  const apiOrigin = originOf(opts.publicUrl);
  const sameHostSockets = (req: IncomingMessage) => {
    const host = req.headers.host ?? '';
    return /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `ws://${host} wss://${host}` : '';
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", () => opts.scriptHashes().join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(apiOrigin ? [apiOrigin] : [])],
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
  // helmet itself, built once: @fastify/helmet builds the middleware again on every request,
  // parsing the whole policy each time (about 4 % of the gateway's CPU per proxied request)
  app.addHook('onRequest', (req, reply, done) =>
    headers(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Crests and avatars may be shown by a web client on another origin (CORS_ORIGINS), and by
 * ours opened under another host name than PUBLIC_URL: they are public images, so they say
 * `Cross-Origin-Resource-Policy: cross-origin` (helmet's default, same-origin, would make a
 * browser drop them). Set on the way out, over whatever the owning service sent.
 */
export function registerSharedImages(app: App) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (isSharedImage(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
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
 * The general per-IP limit on every route but static assets; routes with `config.rateLimit` (the auth calls)
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
    // crests, avatars and the web bundles are not API calls (one home page loads ~110 crests)
    allowList: (req) => isStaticAsset(req.method, req.url),
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
}
