import type { NatsConnection } from '@nats-io/nats-core';
import type { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics';

/**
 * The platform's two network clients besides Postgres, as an operator watches them: whether
 * the connection is up right now (read at scrape time), how often it dropped and came back,
 * and what went through it. A service that lost NATS keeps answering HTTP, but its outbox
 * stops draining and its consumers stop; a gateway that lost Redis fails its rate limits open.
 */

interface Watched {
  labels: Record<string, string>;
  up: () => boolean;
  traffic?: () => { inMsgs: number; outMsgs: number; inBytes: number; outBytes: number };
}

const nats = new Map<string, Watched>();
const redis = new Map<string, Watched>();

function collectUp(gauge: Gauge<string>, from: Map<string, Watched>) {
  gauge.reset();
  for (const w of from.values()) gauge.set(w.labels, w.up() ? 1 : 0);
}

export const natsConnected = new Gauge({
  name: 'nats_connected',
  help: 'Whether the service is connected to NATS right now (1) or reconnecting (0)',
  labelNames: ['service'] as const,
  registers: [registry],
  collect() {
    collectUp(this, nats);
  },
});

export const natsConnectionEvents = new Counter({
  name: 'nats_connection_events_total',
  help: 'NATS connection changes seen by the service: disconnect, reconnect, error, stale, slow consumer',
  labelNames: ['service', 'event'] as const,
  registers: [registry],
});

/** What the connection carried since it opened (the client's own counters, read at scrape time). */
export const natsTraffic = new Gauge({
  name: 'nats_client_traffic',
  help: 'Messages and bytes the service sent to and received from NATS since it connected (what: in_msgs, out_msgs, in_bytes, out_bytes)',
  labelNames: ['service', 'what'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const w of nats.values()) {
      const t = w.traffic?.();
      if (!t) continue;
      this.set({ ...w.labels, what: 'in_msgs' }, t.inMsgs);
      this.set({ ...w.labels, what: 'out_msgs' }, t.outMsgs);
      this.set({ ...w.labels, what: 'in_bytes' }, t.inBytes);
      this.set({ ...w.labels, what: 'out_bytes' }, t.outBytes);
    }
  },
});

export const redisConnected = new Gauge({
  name: 'redis_connected',
  help: 'Whether the client is connected to Redis and ready right now (1) or not (0), by client (cache, rate-limits, socket-pub, socket-sub)',
  labelNames: ['service', 'client'] as const,
  registers: [registry],
  collect() {
    collectUp(this, redis);
  },
});

export const redisConnectionEvents = new Counter({
  name: 'redis_connection_events_total',
  help: 'Redis connection changes seen by the client: close, reconnecting, error',
  labelNames: ['service', 'client', 'event'] as const,
  registers: [registry],
});

const NATS_EVENTS = new Set(['disconnect', 'reconnect', 'error', 'staleConnection', 'slowConsumer']);

/** Watches a NATS connection until it closes; returns the function that stops watching. */
export function watchNats(service: string, nc: NatsConnection): () => void {
  const key = service;
  let connected = true;
  nats.set(key, { labels: { service }, up: () => !nc.isClosed() && connected, traffic: () => nc.stats() });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false;
      if (s.type === 'reconnect') connected = true;
      if (NATS_EVENTS.has(s.type)) natsConnectionEvents.inc({ service, event: s.type });
    }
  })().catch(() => {});
  void nc.closed().then(() => nats.delete(key));
  return () => nats.delete(key);
}

/** Watches an ioredis client; returns the function that stops watching. */
export function watchRedis(service: string, client: string, r: Redis): () => void {
  const key = `${service}/${client}`;
  redis.set(key, { labels: { service, client }, up: () => r.status === 'ready' });
  const count = (event: string) => () => redisConnectionEvents.inc({ service, client, event });
  const onClose = count('close');
  const onReconnecting = count('reconnecting');
  const onError = count('error');
  r.on('close', onClose);
  r.on('reconnecting', onReconnecting);
  r.on('error', onError);
  return () => {
    redis.delete(key);
    r.off('close', onClose);
    r.off('reconnecting', onReconnecting);
    r.off('error', onError);
  };
}
