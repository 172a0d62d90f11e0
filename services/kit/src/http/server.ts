import { randomUUID } from 'node:crypto';
import { AjvCompiler } from '@fastify/ajv-compiler';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TokenVerifier, VerifiedUser } from '../auth/tokens';
import { InvalidTokenError, RevocationUnavailableError } from '../auth/tokens';
import { DomainError, type ErrorTable, type FieldError, HttpError } from '../errors';
import type { Logger } from '../logger';
import { installObservability } from '../observability/http';
import { trustedProxies, trustsProxy } from './client-ip';
import { decimalStringConverter } from './decimal-strings';
import { drainOnClose } from './drain';
import { pathOf } from './queries';
import { declaredResponse, responseMismatches } from './response-check';
import { formatValidationErrors } from './validation-errors';

export type RouteAuth = 'public' | 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** the verified caller, or null on public routes without a token */
    user: VerifiedUser | null;
  }
  interface FastifyContextConfig {
    /** Every /api route must say who may call it; the server refuses to start otherwise. */
    auth?: RouteAuth;
  }
}

export type App = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

/**
 * A plugin's scope (`app.register(async (scope) => …)`) reads its routes' body, query and
 * params from their schemas like the app itself (Fastify hands a plugin the default provider).
 */
export function typedScope(scope: FastifyInstance<any, any, any, any, any>) {
  return scope.withTypeProvider<TypeBoxTypeProvider>();
}

export interface ServerOptions {
  name: string;
  logger: Logger;
  verifier: TokenVerifier;
  /** readiness checks: name → ok */
  readiness?: Record<string, () => Promise<boolean>>;
  bodyLimit?: number;
  /** routes under this prefix must declare `config.auth` */
  apiPrefix?: string;
  version?: string;
  /** check every 2xx answer against its declared schema before it is serialised (tests) */
  checkResponses?: boolean;
  /**
   * TRUSTED_PROXIES: peers (the gateway) whose X-Forwarded-For names the caller, so `req.ip`
   * is the visitor, not the gateway. Default 'loopback,private', as the setting's default.
   */
  trustedProxies?: string;
  /** the service's domain error codes → status (see `DomainError`) */
  errors?: ErrorTable;
}

export const SESSION_CHECK_UNAVAILABLE =
  'Your session cannot be checked right now. Please try again shortly.';

/** The 401 message for a token the verifier refused (the gateway uses the same words). */
export function tokenRefusal(err: unknown): string {
  if (err instanceof InvalidTokenError && err.reason === 'expired') return 'Not authorized: token expired';
  if (err instanceof InvalidTokenError && err.reason === 'revoked')
    return 'Not authorized: this session has ended. Please log in again.';
  return 'Not authorized: invalid token';
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m?.[1];
}

/**
 * The one Fastify setup every service uses: request ids, pino, the `{ msg, errors? }`
 * error shape, JSON 404s, health and readiness, OpenAPI from the route schemas, and
 * authentication declared per route and enforced in one hook.
 */
export async function createServer(opts: ServerOptions): Promise<App> {
  const apiPrefix = opts.apiPrefix ?? '/api/';
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // behind the gateway every request comes from it: without this, one visitor's limits
    // (30 AI searches a minute) were everyone's
    trustProxy: trustsProxy(trustedProxies(opts.trustedProxies ?? 'loopback,private')),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
    schemaController: { compilersFactory: { buildValidator: strictBodyValidators() } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.decorateRequest('user', null);
  // metrics (/metrics) and traces: observability/http.ts
  installObservability(app, opts.name);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(apiPrefix) && !route.config?.auth) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.auth`);
    }
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  drainOnClose(app as unknown as FastifyInstance);

  // onRequest: an unauthenticated caller learns nothing about the body schema. Callback hooks
  // (here and below): an async one costs every request a promise and a microtask turn, even
  // on a public route with nothing to check.
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    const auth = req.routeOptions.config?.auth ?? 'public';
    if (auth === 'public') return done();
    const token = bearerToken(req.headers.authorization);
    if (!token)
      return done(auth === 'optional' ? undefined : new HttpError(401, 'Not authorized: no token provided'));
    opts.verifier.verify(token).then(
      (user) => {
        req.user = user;
        done(
          auth === 'admin' && user.role !== 'admin' ? new HttpError(403, 'Admin access required') : undefined,
        );
      },
      (err) => {
        if (err instanceof RevocationUnavailableError) {
          req.log.error({ err }, 'token not checked: revocation list unavailable');
          return done(new HttpError(503, SESSION_CHECK_UNAVAILABLE));
        }
        // also on an 'optional' route: a token that was sent must be good (a closed account's
        // or ended session's token does not act anonymously either, issue 13 item 12)
        done(new HttpError(401, tokenRefusal(err)));
      },
    );
  });

  // Two inputs no schema keyword catches and no valid request contains, refused before any
  // handler sees them: Ajv's type coercion turns '1e400' (query or params) into Infinity, a
  // JSON body overflows to it (1e999), and Ajv skips minimum/maximum for a non-finite number;
  // and Postgres text cannot hold U+0000, so a "\u0000" in a JSON string fails the query (a 500).
  app.addHook('preHandler', (req: FastifyRequest, _reply, done) => {
    const errors: FieldError[] = [];
    for (const [location, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      findUnstorable(value, '', 0, (path, what) =>
        errors.push({
          path,
          location,
          msg: `${path || 'value'} ${what === 'number' ? 'must be a finite number' : 'must not contain a NUL character'}`,
        }),
      );
    }
    done(errors.length > 0 ? new HttpError(400, errors[0]!.msg, errors) : undefined);
  });

  if (opts.checkResponses) {
    app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 300) return payload;
      const schema = declaredResponse((reply.routeOptions.schema as any)?.response, reply.statusCode);
      if (!schema) return payload;
      const wrong = responseMismatches(schema, payload);
      if (wrong.length === 0) return payload;
      const call = `${req.method} ${reply.routeOptions.url}`;
      req.log.error({ wrong, call }, 'answer does not match its declared schema');
      throw new HttpError(
        500,
        `${call} answered outside its schema: ${wrong.map((w) => `${w.path} ${w.msg}`).join('; ')}`,
      );
    });
  }

  app.setErrorHandler((err, req, reply) => httpErrorHandler(err, req, reply, opts.errors));

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ msg: routeNotFound(req.method, req.url) });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${opts.name} API`, version: opts.version ?? '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  // probes come every few seconds from every checker: their request lines (info) are left
  // out, their warnings and errors are not
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
    service: opts.name,
  }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const checks: Record<string, boolean> = {};
    for (const [name, check] of Object.entries(opts.readiness ?? {})) {
      checks[name] = await check().catch(() => false);
    }
    const ok = Object.values(checks).every(Boolean);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

/** The 404 message; a long path (a 5,000-character id) is not echoed back whole. */
export function routeNotFound(method: string, url: string): string {
  const path = pathOf(url);
  return `Route not found: ${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}`;
}

/**
 * What Fastify refuses before routing (a path parameter over 100 characters, a URL that is
 * not valid percent-encoding) in our `{ msg }` shape: its own echoes the whole path back.
 */
export function frameworkErrors(err: { code?: string }, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ msg: 'A path segment is too long' });
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ msg: 'The path is not a valid URL' });
  return reply.status(400).send({ msg: 'Bad request' });
}

/**
 * The one error handler of every service and the gateway: the `{ msg, errors?, code? }`
 * shape of docs/api-conventions.md, never a stack trace.
 */
export function httpErrorHandler(err: any, req: FastifyRequest, reply: FastifyReply, table: ErrorTable = {}) {
  if (err.validation) {
    const errors = formatValidationErrors(err.validation, err.validationContext ?? 'body');
    return reply.status(400).send({ msg: errors[0].msg, errors });
  }
  if (err instanceof HttpError) {
    return reply.status(err.statusCode).send({
      msg: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.code ? { code: err.code } : {}),
    });
  }
  if (err instanceof DomainError) {
    const mapped = Object.hasOwn(table, err.code) ? table[err.code] : undefined;
    if (mapped)
      return reply.status(mapped.status).send({
        msg: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(mapped.sendCode ? { code: mapped.sendCode === true ? err.code : mapped.sendCode } : {}),
      });
    // a code the table does not list: 422, the code beside `msg`
    return reply.status(422).send({ msg: err.message, code: err.code });
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const msg =
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'Request body is too large'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body must not be empty'
            : err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'Request body is not valid JSON'
              : err.message || 'Bad request';
    return reply.status(status).send({ msg });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ msg: 'Internal server error' });
}

/**
 * Query strings and path params are text, so their schemas coerce ("2" → 2). A JSON body
 * already carries its types: coercing it would make `true`, `[5]`, `null`, `" "` or "0x10"
 * an amount. Bodies are therefore validated by a second Ajv with coercion off, after which
 * the one kind of text a number field takes is a plain decimal ("88"), converted exactly
 * (decimal-strings.ts).
 */
function strictBodyValidators(): any {
  const pool = AjvCompiler();
  return (externalSchemas: any, options: any) => {
    const coercing = pool(externalSchemas, options);
    const strict = pool(externalSchemas, {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    });
    return (route: { httpPart?: string; schema?: any; [k: string]: unknown }) => {
      if (route.httpPart !== 'body') return coercing(route as any);
      const validate = strict(route as any);
      // number fields also take a plain decimal string ("88"), turned into the number first
      const convert = decimalStringConverter(route.schema);
      let checked = validate;
      if (convert) {
        const converting = (body: unknown) => validate(convert(body));
        // Fastify reads the errors off the function it was given
        Object.defineProperty(converting, 'errors', { get: () => validate.errors });
        checked = converting as typeof validate;
      }
      return requiresNothing(route.schema) ? absentAsEmpty(checked) : checked;
    };
  };
}

/** An object schema with no required field: its body may be left out (a bodiless POST). */
function requiresNothing(schema: any): boolean {
  return schema?.type === 'object' && !(Array.isArray(schema.required) && schema.required.length > 0);
}

/**
 * A request that sends no body at all (Fastify hands validators `null` for it) is validated
 * as `{}` and the handler gets `{}`, instead of "value must be an object". A body that was
 * sent, `null` included, is validated as it is. Fastify passes the request as the parent
 * only to a validator carrying `schemaEnv`, which is how the absent body is told apart.
 */
function absentAsEmpty(validate: any): any {
  const check: any = (data: unknown, ctx?: { parentData?: any; parentDataProperty?: string }) => {
    const absent = ctx?.parentData != null && ctx.parentData[ctx.parentDataProperty ?? 'body'] === undefined;
    if (absent) {
      const value = {};
      const ok = validate(value);
      check.errors = validate.errors;
      return ok ? { value } : false;
    }
    const ok = validate(data, ctx);
    check.errors = validate.errors;
    return ok;
  };
  check.schemaEnv = validate.schemaEnv ?? true;
  return check;
}

function findUnstorable(
  value: unknown,
  path: string,
  depth: number,
  report: (path: string, what: 'number' | 'nul') => void,
): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) report(path, 'number');
    return;
  }
  if (typeof value === 'string') {
    if (value.includes('\u0000')) report(path, 'nul');
    return;
  }
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) findUnstorable(v, `${path}[${i}]`, depth + 1, report);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) report(path ? `${path}.${k}` : k, 'nul');
    findUnstorable(v, path ? `${path}.${k}` : k, depth + 1, report);
  }
}
