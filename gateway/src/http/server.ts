import { randomUUID } from 'node:crypto';
import { type App, drainOnClose, frameworkErrors, HttpError, httpErrorHandler, type Logger } from '@bet/kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { unsafePathReason } from '../domain/paths';
import type { ServiceName } from '../routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the owning service of a proxied route */
    service?: ServiceName;
  }
}

/** An incoming x-request-id is kept when it looks like an id, else a fresh one is made. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[A-Za-z0-9._:-]{1,128}$/.test(v) ? v : randomUUID();
}

/**
 * The gateway's Fastify: request ids, pino request logs, the `{ msg, errors? }` error shape
 * and JSON 404s, like every service (kit's createServer), but without the kit's auth hook:
 * the gateway checks tokens after its rate limits so a flood of bad tokens is counted.
 */
export function createHttpServer(opts: {
  logger: Logger;
  bodyLimit: number;
  trustProxy: boolean | number | string[];
}): App {
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: opts.bodyLimit,
    // a hop count is valid at run time though the types only list the other forms
    trustProxy: opts.trustProxy as boolean | string[],
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    return503OnClosing: true,
    frameworkErrors,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
  }) as unknown as App;

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.auth) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.auth`);
    }
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  drainOnClose(app as unknown as FastifyInstance);
  // first of all hooks: before the rate limits (which a dot segment would otherwise pick
  // wrongly), the token checks and the proxy
  app.addHook('onRequest', (req, _reply, done) => {
    const reason = unsafePathReason(req.url);
    done(reason ? new HttpError(400, `Invalid path: it contains ${reason}.`) : undefined);
  });
  app.setErrorHandler(httpErrorHandler);
  return app;
}

/** An early rejection, with the same words the services' own check uses. */
export const notAuthorized = {
  missing: () => new HttpError(401, 'Not authorized: no token provided'),
  expired: () => new HttpError(401, 'Not authorized: token expired'),
  invalid: () => new HttpError(401, 'Not authorized: invalid token'),
  notAdmin: () => new HttpError(403, 'Admin access required'),
};
