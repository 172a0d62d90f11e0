import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (prom-client). One registry per process: in the
 * embedded mode several services share it and the `service` label tells them apart.
 * Served as text at GET /metrics by every service and the gateway.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route template and status code',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to response, by route template',
  labelNames: ['service', 'method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpServerErrors = new Counter({
  name: 'http_server_errors_total',
  help: 'Responses with a 5xx status (a 500 is a bug; a 503 a dependency down)',
  labelNames: ['service', 'route', 'status'] as const,
  registers: [registry],
});

export const busPublished = new Counter({
  name: 'bus_events_published_total',
  help: 'Durable events published to the bus',
  labelNames: ['service', 'subject'] as const,
  registers: [registry],
});

export const busHandled = new Counter({
  name: 'bus_events_handled_total',
  help: 'Durable event deliveries handled, by outcome: ok, retry (nak, redelivered later), dead (given up), failed (a follower, consumer "follow", never retries)',
  labelNames: ['service', 'consumer', 'subject', 'result'] as const,
  registers: [registry],
});

export const busRedeliveries = new Counter({
  name: 'bus_event_redeliveries_total',
  help: 'Deliveries that were not the first for their event (a handler failed or a replica died holding it)',
  labelNames: ['service', 'consumer', 'subject'] as const,
  registers: [registry],
});

export const busDeadLetters = new Counter({
  name: 'bus_dead_letters_total',
  help: 'Events given up on after their last delivery: money may not have moved; needs a person',
  labelNames: ['service', 'consumer', 'subject'] as const,
  registers: [registry],
});

export const busHandlerDuration = new Histogram({
  name: 'bus_handler_duration_seconds',
  help: 'Time a consumer takes to handle one event',
  labelNames: ['service', 'consumer'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

/** sources polled when Prometheus scrapes: JetStream consumer state, outbox rows */
type Probe<T> = { labels: T; read(): Promise<number | undefined> };
const consumerProbes = new Map<string, Probe<{ service: string; consumer: string; what: string }>>();
const outboxProbes = new Map<string, Probe<{ service: string; what: string }>>();

async function collectProbes<T extends Record<string, string>>(
  gauge: Gauge<string>,
  probes: Map<string, Probe<T>>,
  metric: string,
) {
  gauge.reset();
  await Promise.all(
    [...probes.values()]
      .filter((p) => p.labels.what === metric)
      .map(async (p) => {
        const v = await p.read().catch(() => undefined);
        const { what: _what, ...labels } = p.labels;
        if (v !== undefined) gauge.set(labels, v);
      }),
  );
}

export const busConsumerPending = new Gauge({
  name: 'bus_consumer_pending_messages',
  help: 'Consumer lag: events in the stream this durable consumer has not been handed yet',
  labelNames: ['service', 'consumer'] as const,
  registers: [registry],
  async collect() {
    await collectProbes(this, consumerProbes, 'pending');
  },
});

export const busConsumerAckPending = new Gauge({
  name: 'bus_consumer_ack_pending_messages',
  help: 'Events handed to this consumer and not acknowledged yet (in flight or held by a dead replica)',
  labelNames: ['service', 'consumer'] as const,
  registers: [registry],
  async collect() {
    await collectProbes(this, consumerProbes, 'ack_pending');
  },
});

export const outboxBacklog = new Gauge({
  name: 'outbox_backlog_events',
  help: 'Committed events not yet published to the bus',
  labelNames: ['service'] as const,
  registers: [registry],
  async collect() {
    await collectProbes(this, outboxProbes, 'backlog');
  },
});

export const outboxOldestAge = new Gauge({
  name: 'outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest committed event not yet published (0 when none)',
  labelNames: ['service'] as const,
  registers: [registry],
  async collect() {
    await collectProbes(this, outboxProbes, 'age');
  },
});

/** JetStream consumer numbers, read at scrape time; returns the function that stops watching. */
export function watchConsumer(
  service: string,
  consumer: string,
  info: () => Promise<{ num_pending: number; num_ack_pending: number }>,
) {
  const key = `${service}/${consumer}`;
  let last: Promise<{ num_pending: number; num_ack_pending: number }> | undefined;
  // one info call serves both gauges of one scrape
  const read = () => {
    last ??= info().finally(() => setTimeout(() => (last = undefined), 200).unref());
    return last;
  };
  consumerProbes.set(`${key}/pending`, {
    labels: { service, consumer, what: 'pending' },
    read: async () => (await read()).num_pending,
  });
  consumerProbes.set(`${key}/ack_pending`, {
    labels: { service, consumer, what: 'ack_pending' },
    read: async () => (await read()).num_ack_pending,
  });
  return () => {
    consumerProbes.delete(`${key}/pending`);
    consumerProbes.delete(`${key}/ack_pending`);
  };
}

/** The outbox of one service, read at scrape time; returns the function that stops watching. */
export function watchOutbox(
  service: string,
  read: () => Promise<{ backlog: number; oldestAgeSeconds: number }>,
) {
  outboxProbes.set(`${service}/backlog`, {
    labels: { service, what: 'backlog' },
    read: async () => (await read()).backlog,
  });
  outboxProbes.set(`${service}/age`, {
    labels: { service, what: 'age' },
    read: async () => (await read()).oldestAgeSeconds,
  });
  return () => {
    outboxProbes.delete(`${service}/backlog`);
    outboxProbes.delete(`${service}/age`);
  };
}

export const socketConnections = new Gauge({
  name: 'socket_connections',
  help: 'Open Socket.IO connections on this gateway',
  labelNames: ['service'] as const,
  registers: [registry],
});

export const socketEmits = new Counter({
  name: 'socket_events_emitted_total',
  help: 'Events this gateway emitted to its own sockets, once per event (not counted when none of its sockets is in the room), by name',
  labelNames: ['service', 'event'] as const,
  registers: [registry],
});

export const socketBroadcastDuration = new Histogram({
  name: 'socket_broadcast_duration_seconds',
  help: 'Time one broadcast to every socket on this gateway takes (the Aviator ticks: 10 a second)',
  labelNames: ['service', 'event'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5],
  registers: [registry],
});

export async function metricsText() {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const poolProbes = new Map<string, Probe<{ service: string; what: string }>>();

/** Connections of a service's Postgres pool: total, idle, and callers waiting for one. */
export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'Postgres pool of the service: total and idle connections, and callers waiting for one (state)',
  labelNames: ['service', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const p of poolProbes.values()) {
      const v = await p.read().catch(() => undefined);
      if (v !== undefined) this.set({ service: p.labels.service, state: p.labels.what }, v);
    }
  },
});

/** A service's pool, read at scrape time; returns the function that stops watching. */
export function watchPool(service: string, read: () => { total: number; idle: number; waiting: number }) {
  for (const what of ['total', 'idle', 'waiting'] as const)
    poolProbes.set(`${service}/${what}`, { labels: { service, what }, read: async () => read()[what] });
  return () => {
    for (const what of ['total', 'idle', 'waiting']) poolProbes.delete(`${service}/${what}`);
  };
}

/** 1, labelled with the release this process runs (APP_VERSION, APP_COMMIT: set by the image). */
export const buildInfo = new Gauge({
  name: 'build_info',
  help: 'The release this process runs: version and git commit (value 1)',
  labelNames: ['service', 'version', 'commit'] as const,
  registers: [registry],
});

export function recordBuildInfo(service: string, env: NodeJS.ProcessEnv = process.env) {
  buildInfo.set({ service, version: env.APP_VERSION ?? 'dev', commit: env.APP_COMMIT ?? 'unknown' }, 1);
}
