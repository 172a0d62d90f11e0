import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import {
  type App,
  bearerToken,
  HttpError,
  RevocationUnavailableError,
  routeNotFound,
  SESSION_CHECK_UNAVAILABLE,
  type TokenVerifier,
  tokenRefusal,
} from '@bet/kit';
import compress from '@fastify/compress';
import replyFrom from '@fastify/reply-from';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type ExpandedRoute, expandRouteTable, type LimitClass, METHODS, type ServiceName } from '../routes';
import { notAuthorized } from './server';

export interface ProxyOptions {
  upstreams: Partial<Record<ServiceName, string | null | undefined>>;
  verifier: TokenVerifier;
  uploadBodyLimit: number;
  timeoutMs: number;
  limits: Record<LimitClass, { max: number; timeWindow: number }>;
  routes?: ExpandedRoute[];
}

const BODY_TOO_LARGE = Symbol('bodyTooLarge');
const BUFFERED_ANSWER_MAX = 64 * 1024;
/**
 * What the gateway compresses: JSON and text answers. Not event streams (compressing would
 * hold events back in the compressor), not images (crests and avatars are PNG/JPEG already).
 */
const COMPRESSIBLE =
  /^(application\/(json|problem\+json|javascript|xml)|text\/(plain|html|csv|css|xml)|image\/svg\+xml)\b/;

/**
 * The route table as Fastify routes, each forwarding the request unchanged to its owner
 * with @fastify/reply-from. Bodies are streamed, never parsed: the gateway only counts
 * their bytes against the body limit.
 */
export async function registerProxy(app: App, opts: ProxyOptions) {
  const routes = opts.routes ?? expandRouteTable();
  await app.register(async (scope) => {
    // API answers compressed by Accept-Encoding (brotli first): the home page's JSON is ~80 KiB
    // and a phone on a slow link waits for every byte. Only this scope: socket.io is not a
    // Fastify route and the web bundles are served pre-compressed. Small answers go as they
    // are (the encoding would cost more than it saves); request bodies are never inflated.
    await scope.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: COMPRESSIBLE,
      globalDecompression: false,
    });
    await scope.register(replyFrom, {
      disableRequestLogging: true,
      undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
      retryMethods: ['GET', 'HEAD'],
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (req, payload, done) => {
      const limit = req.routeOptions.bodyLimit;
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit)
        return done(new HttpError(413, 'Request body is too large'), undefined);
      done(null, Number.isFinite(declared) ? payload : limitStream(req, payload, limit));
    });

    const check = accessCheck(opts.verifier);
    for (const route of routes) {
      scope.route({
        method: route.method,
        url: route.url,
        config: {
          auth: route.auth,
          service: route.service,
          ...(route.limit ? { rateLimit: opts.limits[route.limit] } : {}),
        },
        ...(route.upload ? { bodyLimit: opts.uploadBodyLimit } : {}),
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
        schema: {
          hide: route.catchAll,
          tags: [route.service],
          summary: `${route.spec} → ${route.service}`,
          ...(route.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
        },
        preHandler: route.auth === 'public' ? undefined : check,
        handler: (req, reply) => forward(req, reply, route.service, opts),
      });
    }

    // anything else under /api: a JSON 404 from the gateway itself
    scope.route({
      method: [...METHODS],
      url: '/api/*',
      config: { auth: 'public' },
      schema: { hide: true },
      handler: async (req, reply) => reply.status(404).send({ msg: routeNotFound(req.method, req.url) }),
    });
  });
}

/** Rejects what the owner would reject anyway, before it costs a trip upstream. */
function accessCheck(verifier: TokenVerifier) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw notAuthorized.missing();
    let role: string;
    try {
      role = (await verifier.verify(token)).role;
    } catch (err) {
      if (err instanceof RevocationUnavailableError) {
        req.log.error({ err }, 'token not checked: revocation list unavailable');
        throw new HttpError(503, SESSION_CHECK_UNAVAILABLE);
      }
      throw new HttpError(401, tokenRefusal(err));
    }
    if (req.routeOptions.config.auth === 'admin' && role !== 'admin') throw notAuthorized.notAdmin();
  };
}

function forward(req: FastifyRequest, reply: FastifyReply, service: ServiceName, opts: ProxyOptions) {
  const base = opts.upstreams[service];
  if (!base) return reply.status(503).send({ msg: `The ${service} service is unavailable` });
  return reply.from(base.replace(/\/+$/, '') + req.url, {
    timeout: opts.timeoutMs,
    // a kept-alive connection the upstream just closed: retry an idempotent request once
    // (this also turns off reply-from's retry-on-503 loop)
    retriesCount: 1,
    // reply-from hands over its own copy of the headers, so it is written in place
    rewriteRequestHeaders: (r, headers) => {
      headers['x-request-id'] = r.id;
      headers['x-forwarded-for'] = forwardedFor(r);
      headers['x-forwarded-proto'] = r.protocol;
      headers['x-forwarded-host'] = r.headers.host ?? '';
      return headers;
    },
    onResponse: (r, rep, res) => sendAnswer(r.method, rep, res as unknown as UpstreamAnswer, service),
    onError: (rep, { error }) => {
      const e = error as Error & { code?: string; statusCode?: number; cause?: { code?: string } };
      if ((req as any)[BODY_TOO_LARGE]) return rep.status(413).send({ msg: 'Request body is too large' });
      const code = e.cause?.code ?? e.code;
      if (
        e.statusCode === 504 ||
        code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' ||
        code === 'UND_ERR_HEADERS_TIMEOUT'
      ) {
        req.log.warn({ err: e, service }, 'upstream timed out');
        return rep.status(504).send({ msg: `The ${service} service did not answer in time` });
      }
      req.log.warn({ err: e, service }, 'upstream unreachable');
      return rep.status(503).send({ msg: `The ${service} service is unavailable` });
    },
  });
}

interface UpstreamAnswer {
  headers: Record<string, string | string[] | undefined>;
  stream: NodeJS.ReadableStream;
}

/**
 * A small answer with a declared length (nearly every API answer) is read whole and sent as
 * one buffer: piping it cost the gateway a tenth of its CPU per request in stream machinery
 * (bench/README.md, sixth pass). Anything larger, of unknown length or to a HEAD is streamed.
 */
function sendAnswer(
  method: string,
  reply: { send(payload: unknown): unknown; log: FastifyBaseLogger },
  answer: UpstreamAnswer,
  service: ServiceName,
) {
  const length = Number(answer.headers['content-length']);
  // a HEAD answer has no body to read, and its declared length must pass unchanged
  if (method === 'HEAD' || !(length <= BUFFERED_ANSWER_MAX)) return reply.send(answer.stream);
  const chunks: Buffer[] = [];
  answer.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.stream.on('end', () => reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  answer.stream.on('error', (err: Error) => {
    reply.log.warn({ err, service }, 'upstream answer broke off');
    reply.send(new HttpError(503, `The ${service} service is unavailable`));
  });
}

/**
 * X-Forwarded-For as the services should read it: the client first, then any proxies the
 * gateway trusts (TRUST_PROXY), then the gateway's peer. An untrusted, client-written
 * X-Forwarded-For is dropped, so a service that trusts the gateway cannot be fooled.
 */
export function forwardedFor(req: {
  ips?: string[];
  ip: string;
  socket: { remoteAddress?: string };
}): string {
  const chain = req.ips && req.ips.length > 0 ? [...req.ips].reverse() : [req.socket.remoteAddress ?? req.ip];
  return chain.filter(Boolean).join(', ');
}

/** A chunked body has no declared length: count its bytes and stop it at the limit. */
function limitStream(req: FastifyRequest, payload: IncomingMessage | NodeJS.ReadableStream, limit: number) {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > limit) {
        (req as any)[BODY_TOO_LARGE] = true;
        cb(new HttpError(413, 'Request body is too large'));
        return;
      }
      cb(null, chunk);
    },
  });
  payload.on('error', (err) => counter.destroy(err));
  return payload.pipe(counter);
}
