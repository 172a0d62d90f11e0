import type { IncomingMessage, ServerResponse } from 'node:http';
import { type App, HttpError } from '@bet/kit';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { isApiPath, isSharedImage, isStaticAsset } from '../domain/web';
import { sharedRateCounts } from './rate-store';

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
  // HSTS on a plain-http deployment would only confuse; it is set when PUBLIC_URL is https
  const hsts = opts.https ? { maxAge: 15552000, includeSubDomains: true } : false;
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
    strictTransportSecurity: hsts,
  });
  // An API answer is JSON, an image, or a page that sets its own policy: the document policy
  // above (script hashes, sockets, image sources) means nothing to it. It gets the short strict
  // set of OWASP's REST guidance instead (nothing may load or frame it): half the bytes of
  // headers on every API answer, for the browser and for any client to read.
  const apiWrites = recordHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      strictTransportSecurity: hsts,
    }),
    { headers: {} } as IncomingMessage,
  );
  // helmet itself, built once (@fastify/helmet builds the middleware again on every request,
  // parsing the whole policy each time), and what it writes kept per Host header: its answer
  // depends on nothing else until the shell's script hashes change (a rebuild)
  const known = new Map<string, HeaderWrite[]>();
  let hashes = opts.scriptHashes();
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiPath(req.url)) {
      writeHeaders(reply.raw, apiWrites);
      return done();
    }
    const now = opts.scriptHashes();
    if (now !== hashes) {
      hashes = now;
      known.clear();
    }
    const host = req.headers.host ?? '';
    let writes = known.get(host);
    if (!writes) {
      try {
        writes = recordHeaders(headers, req.raw);
      } catch (err) {
        return done(err as Error);
      }
      if (known.size >= 256) known.clear(); // a client may send any Host header
      known.set(host, writes);
    }
    writeHeaders(reply.raw, writes);
    done();
  });
}

/** a header helmet set (a value) or removed (null) */
type HeaderWrite = [string, string | null];

function writeHeaders(res: ServerResponse, writes: HeaderWrite[]) {
  for (const [name, value] of writes) {
    if (value === null) res.removeHeader(name);
    else res.setHeader(name, value);
  }
}

function recordHeaders(
  middleware: (req: IncomingMessage, res: never, next: (err?: unknown) => void) => void,
  req: IncomingMessage,
): HeaderWrite[] {
  const writes: HeaderWrite[] = [];
  const res = {
    setHeader: (name: string, value: string) => writes.push([name, value]),
    removeHeader: (name: string) => writes.push([name, null]),
  };
  let failure: unknown;
  middleware(req, res as never, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return writes;
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
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isSharedImage(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done(null, payload);
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
    // shared by every gateway and exact, the counts of one moment in one Redis round trip
    ...(opts.redis ? { store: sharedRateCounts(opts.redis, opts.nameSpace) } : {}),
    // crests, avatars and the web bundles are not API calls (one home page loads ~110 crests)
    // (/openapi.json has a file name but is no asset: about 100 KB made per call)
    allowList: (req) => isStaticAsset(req.method, req.url) && !req.url.startsWith('/openapi.json'),
    skipOnError: true,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
}
