import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeTraceIds,
  createLogger,
  defineService,
  flushTraces,
  HttpError,
  type RunningService,
  recordEvent,
  startService,
  Type,
} from '../src';
import { eventually, type TestInfrastructure, testInfrastructure } from '../src/testing';

// Metrics and traces of a real service on the real Postgres and NATS: /metrics after real
// traffic, and one trace followed from an HTTP request through the outbox and NATS into a
// consumer, exported over OTLP to a local stand-in collector, its id in every log line.

/** OTLP/HTTP JSON receiver: what an OpenTelemetry collector would be given */
function startCollector() {
  const spans: Array<{
    traceId: string;
    spanId: string;
    parentSpanId?: string;
    name: string;
    service: string;
  }> = [];
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const doc = JSON.parse(body || '{}');
      for (const rs of doc.resourceSpans ?? []) {
        const service = rs.resource?.attributes?.find((a: any) => a.key === 'service.name')?.value
          ?.stringValue;
        for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise<{ url: string; spans: typeof spans; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        spans,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

const handled: Array<{ eventId: string; traceId?: string }> = [];
const followed: number[] = [];

const betsService = defineService<Record<string, never>, Record<string, never>>({
  name: 'obsbets',
  migrations: {},
  routes: [
    {
      kind: 'route' as const,
      name: 'the test calls',
      register(app, ctx) {
        app.post(
          '/api/v1/bets/:id',
          { config: { auth: 'public' }, schema: { params: Type.Object({ id: Type.String() }) } },
          async (req, reply) => {
            ctx.logger.info({ betId: (req.params as any).id }, 'placing bet');
            await ctx.tx(async (trx: Kysely<any>) => {
              await recordEvent(trx, 'bets.placed', {
                betId: (req.params as any).id,
                betType: 'single',
                stakeCents: 1234,
              });
            });
            return reply.status(201).send({ msg: 'placed', traceId: activeTraceIds()?.traceId });
          },
        );
        app.get('/api/v1/broken', { config: { auth: 'public' } }, async () => {
          throw new Error('kaput');
        });
        app.get('/api/v1/missing/:id', { config: { auth: 'public' } }, async () => {
          throw new HttpError(404, 'Not found');
        });
      },
    },
  ],
  // a consumer of a made-up subject (not in the catalogue), started with the service
  async context(ctx) {
    ctx.track(
      await ctx.bus.consume({
        durable: 'obs_wallet',
        subjects: ['bets.placed'],
        handler: async (event) => {
          ctx.logger.info({ eventId: event.id }, 'debiting stake');
          handled.push({ eventId: event.id, traceId: activeTraceIds()?.traceId });
        },
      }),
    );
    // and a follower of the same events (each replica its own copy, as a gateway's bridge)
    ctx.track(await ctx.bus.follow({ subjects: ['bets.placed'], handler: () => void followed.push(1) }));
    return {};
  },
});

describe('observability: metrics and traces', () => {
  let infra: TestInfrastructure;
  let svc: RunningService<any>;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const lines: any[] = [];

  beforeAll(async () => {
    collector = await startCollector();
    // before the first server of this process: the exporter is chosen once
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
    infra = await testInfrastructure();
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    infra.logger = createLogger('obs', 'info', {}, sink);
    svc = await startService(betsService, infra);
  });

  afterAll(async () => {
    await svc?.stop();
    await infra?.close();
    await collector?.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });

  it('counts requests by route template, latencies, server errors, events and bets on /metrics', async () => {
    for (const id of ['a1', 'a2']) {
      const res = await svc.app.inject({ method: 'POST', url: `/api/v1/bets/${id}` });
      expect(res.statusCode).toBe(201);
    }
    expect((await svc.app.inject({ method: 'GET', url: '/api/v1/broken' })).statusCode).toBe(500);
    expect((await svc.app.inject({ method: 'GET', url: '/api/v1/missing/x' })).statusCode).toBe(404);
    await eventually(() => handled.length >= 2);

    const res = await svc.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
    // the route template, not the raw URL with its id
    expect(
      value(
        /http_requests_total\{service="obsbets",method="POST",route="\/api\/v1\/bets\/:id",status="201"\} (\d+)/,
      ),
    ).toBe(2);
    expect(text).not.toContain('/api/v1/bets/a1');
    expect(
      value(
        /http_request_duration_seconds_count\{service="obsbets",method="POST",route="\/api\/v1\/bets\/:id",status_class="2xx"\} (\d+)/,
      ),
    ).toBe(2);
    expect(
      value(/http_server_errors_total\{service="obsbets",route="\/api\/v1\/broken",status="500"\} (\d+)/),
    ).toBe(1);
    expect(text).not.toMatch(/http_server_errors_total\{[^}]*missing/);
    // probes and scrapes are not traffic
    expect(text).not.toMatch(/route="\/metrics"/);
    expect(value(/bus_events_published_total\{[^}]*subject="bets.placed"\} (\d+)/)).toBe(2);
    expect(
      value(/bus_events_handled_total\{[^}]*consumer="obs_wallet",subject="bets.placed",result="ok"\} (\d+)/),
    ).toBe(2);
    await eventually(() => followed.length >= 2);
    expect(
      value(/bus_events_handled_total\{[^}]*consumer="follow",subject="bets.placed",result="ok"\} (\d+)/),
    ).toBe(2);
    expect(value(/bets_placed_total\{type="single"\} (\d+)/)).toBe(2);
    expect(value(/bets_stake_cents_total (\d+)/)).toBe(2468);
    // read from JetStream and Postgres at scrape time
    expect(value(/bus_consumer_pending_messages\{[^}]*consumer="obs_wallet_[0-9a-f]+"\} (\d+)/)).toBe(0);
    expect(value(/outbox_backlog_events\{service="obsbets"\} (\d+)/)).toBe(0);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('exports the Postgres pool (total, idle, waiting) and the release (build_info) of the service', async () => {
    const text = (await svc.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
    // the requests above used the pool: it holds at least one connection (the scrape's own reads may wait)
    expect(value(/db_pool_connections\{service="obsbets",state="total"\} (\d+)/)).toBeGreaterThan(0);
    expect(value(/db_pool_connections\{service="obsbets",state="idle"\} (\d+)/)).toBeGreaterThanOrEqual(0);
    expect(value(/db_pool_connections\{service="obsbets",state="waiting"\} (\d+)/)).toBeGreaterThanOrEqual(0);
    // APP_VERSION and APP_COMMIT are the image's; outside an image: dev, unknown
    expect(text).toMatch(/build_info\{service="obsbets",version="[^"]+",commit="[^"]+"\} 1/);
  });

  it('follows one bet from the HTTP request through the outbox and NATS into the consumer, in spans and logs', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/bets/t1',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().traceId).toBe(traceId);
    // the consumer handled the bet's event inside the same trace
    const found = await eventually(() => handled.find((x) => x.traceId === traceId), 10_000);
    const eventId = found?.eventId;

    // every log line of this bet, request and consumer alike, names the trace
    const mine = lines.filter((l) => l.betId === 't1' || l.eventId === eventId);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['placing bet', 'debiting stake']));
    for (const l of mine) expect(l.traceId).toBe(traceId);
    // and a line outside any request has none
    expect(lines.find((l) => l.msg === 'obsbets listening')?.traceId).toBeUndefined();

    await flushTraces();
    const spans = collector.spans.filter((s) => s.traceId === traceId);
    await eventually(() => {
      spans.splice(0, spans.length, ...collector.spans.filter((s) => s.traceId === traceId));
      return spans.some((s) => s.name === 'consume bets.placed');
    }, 10_000);
    const server = spans.find((s) => s.name === 'POST /api/v1/bets/:id');
    const consumer = spans.find((s) => s.name === 'consume bets.placed');
    // the server span continues the caller's; the consumer's continues the request's
    expect(server?.parentSpanId).toBe(callerSpan);
    expect(consumer?.parentSpanId).toBe(server?.spanId);
    expect(consumer?.service).toBe('obsbets');
  });
});
