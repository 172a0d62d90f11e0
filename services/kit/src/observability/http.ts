import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/queries';
import { httpDuration, httpRequests, httpServerErrors, metricsText } from './metrics';
import {
  context,
  contextFromHeaders,
  ensureTracing,
  SpanKind,
  SpanStatusCode,
  trace,
  traceHeaders,
  tracer,
  tracingOn,
} from './tracing';

const SPAN = Symbol('otelSpan');
const STARTED = Symbol('startedAt');

/** paths that are not traffic: probes and scrapes stay out of the request metrics and traces */
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Metrics and traces for a Fastify server (every service's and the gateway's): a span per
 * request continuing the caller's `traceparent`, active for the whole request so logs and
 * outgoing calls carry its trace id; request counts and latencies by route template; and
 * GET /metrics for Prometheus.
 */
export function installObservability(
  app: FastifyInstance<any, any, any, any, any>,
  service: string,
  opts: {
    forwardTrace?: boolean;
    /** false: no GET /metrics on this server (the gateway serves it on an internal listener) */
    metricsRoute?: boolean;
  } = {},
) {
  ensureTracing(service);

  // a callback-style hook: the rest of the request runs inside the span's context
  const traced = tracingOn();
  app.addHook('onRequest', (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    (req as any)[STARTED] = process.hrtime.bigint();
    if (!traced) return done();
    const path = pathOf(req.url);
    if (QUIET.has(path)) return done();
    const parent = contextFromHeaders(req.headers);
    const route = req.routeOptions?.url ?? path;
    const span = tracer().startSpan(
      `${req.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'http.route': route, 'service.component': service },
      },
      parent,
    );
    (req as any)[SPAN] = span;
    const active = trace.setSpan(parent, span);
    // a proxy (the gateway) passes the request's headers on: they now name this span as the parent
    if (opts.forwardTrace) Object.assign(req.headers, traceHeaders(active));
    context.with(active, () => done());
  });

  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const path = pathOf(req.url);
    if (QUIET.has(path)) return done();
    // route templates, never raw URLs: ids in paths must not become label values
    const route = req.routeOptions?.url ?? 'unmatched';
    const status = reply.statusCode;
    const started = (req as any)[STARTED] as bigint | undefined;
    httpRequests.inc({ service, method: req.method, route, status: String(status) });
    if (started !== undefined) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe(
        { service, method: req.method, route, status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
    }
    if (status >= 500) httpServerErrors.inc({ service, route, status: String(status) });
    const span = (req as any)[SPAN] as import('@opentelemetry/api').Span | undefined;
    if (span) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });

  if (opts.metricsRoute === false) return;
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const { contentType, body } = await metricsText();
    return reply.header('content-type', contentType).send(body);
  });
}
