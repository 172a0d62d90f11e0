import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry tracing (the official SDK), on when spans go somewhere:
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318   OTLP over HTTP (JSON)
 *   OTEL_TRACES_EXPORTER=otlp | console | none          (default: otlp when an endpoint is set)
 * Then spans are made for every request and event handler, every log line written inside one
 * carries its trace id, and the W3C `traceparent` header carries a trace over HTTP and in NATS
 * message headers. With no exporter nothing is registered and the API's no-op stands in:
 * spans nobody receives cost a tenth of the gateway's CPU per request, and the context
 * manager's promise hooks tax every promise of the process (Node 20; bench/README.md). A
 * caller's `traceparent` still passes the gateway untouched.
 */
let provider: NodeTracerProvider | undefined;
let configured = false;

export function ensureTracing(serviceName: string, env: Record<string, string | undefined> = process.env) {
  if (configured) return;
  configured = true;
  // a registration left by an earlier module instance in this process (test workers) gives way
  trace.disable();
  context.disable();
  propagation.disable();
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const kind = env.OTEL_TRACES_EXPORTER ?? (endpoint ? 'otlp' : 'none');
  if (kind !== 'otlp' && kind !== 'console') return;
  const spanProcessors: SpanProcessor[] = [];
  if (kind === 'otlp') {
    spanProcessors.push(
      new BatchSpanProcessor(
        new OTLPTraceExporter(endpoint ? { url: `${endpoint.replace(/\/$/, '')}/v1/traces` } : {}),
        { scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY ?? 2_000) },
      ),
    );
  } else {
    spanProcessors.push(new BatchSpanProcessor(new ConsoleSpanExporter()));
  }
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors,
  });
  // global tracer provider, AsyncLocalStorage context, W3C trace-context propagation
  provider.register();
}

/** Whether spans are being made (an exporter is set). */
export const tracingOn = () => provider !== undefined;

/** Sends the spans still buffered (at shutdown). */
export async function flushTraces() {
  await provider?.forceFlush().catch(() => {});
}

export const tracer = () => trace.getTracer('@bet/kit');

/** The current trace's W3C headers (empty outside a trace). */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

export function contextFromHeaders(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: (c) => Object.keys(c),
    get: (c, k) => {
      const v = c[k];
      return Array.isArray(v) ? v[0] : v;
    },
  });
}

/** trace and span id of the active span, for log lines */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  const sc = span?.spanContext();
  if (!sc || !trace.isSpanContextValid(sc)) return undefined;
  return { traceId: sc.traceId, spanId: sc.spanId };
}

/**
 * Events written to the outbox inside a traced request are published later by the relay,
 * outside that request. The producing process remembers each event's trace here until it
 * publishes it (bounded; an event published by another replica starts a new trace, linked
 * to nothing: traces are best-effort, money is not).
 */
const eventTraces = new Map<string, Record<string, string>>();
const EVENT_TRACE_LIMIT = 10_000;

export function rememberEventTrace(eventId: string) {
  const headers = traceHeaders();
  if (!headers.traceparent) return;
  if (eventTraces.size >= EVENT_TRACE_LIMIT) {
    const oldest = eventTraces.keys().next().value;
    if (oldest !== undefined) eventTraces.delete(oldest);
  }
  eventTraces.set(eventId, headers);
}

/** The trace headers an event was recorded in, if this process recorded it (taken once). */
export function takeEventTrace(eventId: string): Record<string, string> | undefined {
  const headers = eventTraces.get(eventId);
  eventTraces.delete(eventId);
  return headers;
}

/** Runs `fn` inside a new span; the span records an error thrown and ends either way. */
export async function inSpan<T>(
  name: string,
  opts: { parent?: Context; kind?: SpanKind; attributes?: Record<string, string | number> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = opts.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

export { context, SpanKind, SpanStatusCode, trace };
