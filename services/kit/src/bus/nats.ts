import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import {
  headers,
  type MsgHdrs,
  type NatsConnection,
  type Subscription as NatsSub,
  nanos,
} from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Logger } from '../logger';
import { countBusinessEvent } from '../observability/business';
import { watchNats } from '../observability/clients';
import {
  busDeadLetters,
  busHandled,
  busHandlerDuration,
  busPublished,
  busRedeliveries,
  watchConsumer,
} from '../observability/metrics';
import {
  contextFromHeaders,
  ensureTracing,
  inSpan,
  SpanKind,
  takeEventTrace,
  traceHeaders,
} from '../observability/tracing';
import {
  BusRequestError,
  type ConsumeOptions,
  DEDUP_WINDOW_MS,
  type EventBus,
  type EventEnvelope,
  type FollowOptions,
  logRedelivery,
  natsMaxDeliver,
  type Subscription,
} from './types';

const enc = new TextEncoder();
const dec = new TextDecoder();
const toBytes = (v: unknown) => enc.encode(JSON.stringify(v));
const fromBytes = (b: Uint8Array) => JSON.parse(dec.decode(b));

/** W3C trace headers as NATS message headers (undefined when there is no trace to carry) */
function natsHeaders(trace: Record<string, string> | undefined): MsgHdrs | undefined {
  if (!trace?.traceparent) return undefined;
  const h = headers();
  for (const [k, v] of Object.entries(trace)) h.set(k, v);
  return h;
}

function headerRecord(h: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (h) for (const k of h.keys()) out[k.toLowerCase()] = h.get(k);
  return out;
}

/** Stops a consumer's messages, then waits for its loop to finish what it holds. */
function stopping(messages: { close(): Promise<unknown> }, loop: Promise<void>) {
  return async () => {
    await messages.close();
    await loop.catch(() => {});
  };
}

function allOf(stops: Array<() => Promise<void>>): Subscription {
  return {
    stop: async () => {
      await Promise.all(stops.map((s) => s()));
    },
  };
}

/** A durable's consumer of one subject: its name and a tag of ten hex digits made from the subject. */
const durableName = (durable: string, tag: string) => `${durable}_${tag}`.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * NATS JetStream bus. Durable events live in one stream `<PREFIX>_EVENTS` under
 * `<prefix>.evt.>`; commands use `<prefix>.cmd.<subject>`; transient broadcasts use
 * `<prefix>.live.<subject>` on core NATS.
 */
export class NatsBus implements EventBus {
  private readonly js: JetStreamClient;
  private readonly stream: string;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly logger?: Logger,
    /** the service this connection belongs to: the `service` label of the bus metrics */
    private readonly service = 'unknown',
  ) {
    this.js = jetstream(nc);
    this.stream = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
  }

  static async connect(opts: {
    url: string;
    prefix: string;
    name?: string;
    logger?: Logger;
    maxAgeMs?: number;
  }) {
    const nc = await connect({
      servers: opts.url.split(','),
      name: opts.name,
      maxReconnectAttempts: -1,
      // without it every request and JetStream publish builds stack-trace errors it almost
      // never throws (4 per publish: 1.8 s of CPU per 100 000 settled bets); a timeout still
      // rejects, only without the caller's stack
      noAsyncTraces: true,
    });
    if (opts.name) ensureTracing(opts.name);
    const bus = new NatsBus(nc, opts.prefix, opts.logger, opts.name);
    watchNats(opts.name ?? 'unknown', nc);
    await bus.ensureStream(opts.maxAgeMs ?? 7 * 24 * 3_600_000);
    return bus;
  }

  private evt(subject: string) {
    return `${this.prefix}.evt.${subject}`;
  }

  private async ensureStream(maxAgeMs: number) {
    const jsm = await jetstreamManager(this.nc);
    const config = {
      name: this.stream,
      subjects: [`${this.prefix}.evt.>`],
      duplicate_window: nanos(DEDUP_WINDOW_MS),
      max_age: nanos(maxAgeMs),
    };
    try {
      await jsm.streams.info(this.stream);
      await jsm.streams.update(this.stream, config);
    } catch {
      try {
        await jsm.streams.add(config);
      } catch (err) {
        // a concurrent starter created it first
        await jsm.streams.info(this.stream).catch(() => {
          throw err;
        });
      }
    }
  }

  /** The event a message carries, or undefined (logged, with what became of it) when it is not JSON. */
  private decode(m: { data: Uint8Array; subject: string }, fate: 'terminated' | 'skipped') {
    try {
      return fromBytes(m.data) as EventEnvelope;
    } catch (err) {
      this.logger?.error({ err, subject: m.subject }, `undecodable event; ${fate}`);
      return undefined;
    }
  }

  async publish(event: EventEnvelope): Promise<void> {
    // the trace the event was recorded in (outbox), else the one publishing it
    const trace = takeEventTrace(event.id) ?? traceHeaders();
    await this.js.publish(this.evt(event.subject), toBytes(event), {
      msgID: event.id,
      headers: natsHeaders(trace),
    });
    busPublished.inc({ service: this.service, subject: event.subject });
    countBusinessEvent(event);
  }

  async retire(durable: string): Promise<number> {
    const jsm = await jetstreamManager(this.nc);
    // the name holds only [A-Za-z0-9_-]: nothing in it to escape
    const mine = new RegExp(`^${durableName(durable, '')}[0-9a-f]{10}$`);
    const names: string[] = [];
    for await (const info of jsm.consumers.list(this.stream)) if (mine.test(info.name)) names.push(info.name);
    for (const name of names) await jsm.consumers.delete(this.stream, name);
    return names.length;
  }

  async consume(opts: ConsumeOptions): Promise<Subscription> {
    const jsm = await jetstreamManager(this.nc);
    const stops: Array<() => Promise<void>> = [];
    // nats-server 2.9 has one filter subject per consumer, so one durable per subject
    for (const subject of opts.subjects) {
      const name = durableName(opts.durable, createHash('sha1').update(subject).digest('hex').slice(0, 10));
      const config = {
        durable_name: name,
        filter_subject: this.evt(subject),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(opts.ackWaitMs ?? 30_000),
        max_deliver: natsMaxDeliver(opts.maxDeliver),
      };
      try {
        await jsm.consumers.add(this.stream, config);
      } catch (err) {
        const existing = await jsm.consumers.info(this.stream, name).catch(() => undefined);
        if (!existing) throw err;
        // a durable made before its consumer stopped giving up keeps its old limit otherwise
        if (existing.config.max_deliver !== config.max_deliver)
          await jsm.consumers.update(this.stream, name, { max_deliver: config.max_deliver });
      }
      const consumer = await this.js.consumers.get(this.stream, name);
      const unwatch = watchConsumer(this.service, name, () => jsm.consumers.info(this.stream, name));
      stops.push(async () => unwatch());
      const limit = Math.max(1, opts.concurrency ?? 1);
      // as many buffered as may be handled at once (a group-committing consumer wants hundreds)
      const messages = await consumer.consume({ max_messages: Math.max(64, limit) });
      const handle = async (m: typeof messages extends AsyncIterable<infer M> ? M : never) => {
        const event = this.decode(m, 'terminated');
        if (!event) return m.term();
        const attempt = m.info.deliveryCount;
        const labels = { service: this.service, consumer: opts.durable, subject: event.subject };
        if (attempt > 1) busRedeliveries.inc(labels);
        const timer = busHandlerDuration.startTimer({ service: this.service, consumer: opts.durable });
        try {
          // the handler runs in the trace that published the event: its logs and the events it records carry it
          await inSpan(
            `consume ${event.subject}`,
            {
              parent: contextFromHeaders(headerRecord(m.headers)),
              kind: SpanKind.CONSUMER,
              attributes: {
                'messaging.destination.name': event.subject,
                'messaging.consumer.group.name': opts.durable,
                attempt,
              },
            },
            () => opts.handler(event, { attempt }),
          );
          m.ack();
          busHandled.inc({ ...labels, result: 'ok' });
        } catch (err) {
          const max = opts.maxDeliver ?? 10;
          if (attempt >= max) {
            this.logger?.error(
              { err, subject: event.subject, id: event.id },
              'event dropped after max deliveries',
            );
            m.term();
            busHandled.inc({ ...labels, result: 'dead' });
            busDeadLetters.inc(labels);
          } else {
            busHandled.inc({ ...labels, result: 'retry' });
            logRedelivery(this.logger, err, event, attempt);
            m.nak(Math.min(100 * 2 ** (attempt - 1), opts.retryCapMs ?? 10_000));
          }
        } finally {
          timer();
        }
      };
      const loop = (async () => {
        const inflight = new Set<Promise<void>>();
        for await (const m of messages) {
          // an ack that fails (connection lost) is redelivered by the server; it must not end the loop
          const p: Promise<void> = handle(m)
            .catch((err) => this.logger?.warn({ err, subject: m.subject }, 'event acknowledgement failed'))
            .finally(() => inflight.delete(p));
          inflight.add(p);
          if (inflight.size >= limit) await Promise.race(inflight);
        }
        await Promise.all(inflight);
      })();
      stops.push(stopping(messages, loop));
    }
    return allOf(stops);
  }

  async follow(opts: FollowOptions): Promise<Subscription> {
    const jsm = await jetstreamManager(this.nc);
    // an ordered consumer per subject (nats-server 2.9: one filter each): ephemeral, no acks;
    // after a gap or a reconnect the client makes it again from the sequence after the last
    // one seen. Starting at an explicit sequence (not "new") keeps that true before the first
    // event too: a reset then would otherwise start over at the beginning of the stream.
    const from = (await jsm.streams.info(this.stream)).state.last_seq + 1;
    const stops: Array<() => Promise<void>> = [];
    for (const subject of opts.subjects) {
      const consumer = await this.js.consumers.get(this.stream, {
        filter_subjects: this.evt(subject),
        opt_start_seq: from,
      });
      // pulls that expire every 5 s: a consumer the server lost is noticed (missed heartbeats)
      // and made again within seconds, instead of the default 30 s
      const messages = await consumer.consume({ max_messages: 256, expires: 5_000 });
      const loop = (async () => {
        for await (const m of messages) {
          const event = this.decode(m, 'skipped');
          if (!event) continue;
          const labels = { service: this.service, consumer: 'follow', subject: event.subject };
          try {
            await opts.handler(event);
            busHandled.inc({ ...labels, result: 'ok' });
          } catch (err) {
            busHandled.inc({ ...labels, result: 'failed' });
            this.logger?.error(
              { err, subject: event.subject, id: event.id },
              'a follower failed on an event',
            );
          }
        }
      })();
      stops.push(stopping(messages, loop));
    }
    return allOf(stops);
  }

  async request<Res>(subject: string, data: unknown, opts: { timeoutMs?: number } = {}): Promise<Res> {
    let msg: import('@nats-io/nats-core').Msg;
    try {
      msg = await this.nc.request(`${this.prefix}.cmd.${subject}`, toBytes(data), {
        timeout: opts.timeoutMs ?? 5_000,
        headers: natsHeaders(traceHeaders()),
      });
    } catch (err) {
      const e = err as Error;
      if (/no responders/i.test(e.message) || e.name === 'NoRespondersError')
        throw new BusRequestError('no_responders', `no responders for ${subject}`);
      if (/timeout/i.test(e.message) || e.name === 'TimeoutError')
        throw new BusRequestError('timeout', `request to ${subject} timed out`);
      throw err;
    }
    const answer = fromBytes(msg.data) as { ok: boolean; data?: Res; error?: string };
    if (!answer.ok) throw new BusRequestError('handler_error', answer.error ?? 'handler failed');
    return answer.data as Res;
  }

  async reply(
    subject: string,
    handler: (data: any) => Promise<unknown>,
    opts: { queue?: string } = {},
  ): Promise<Subscription> {
    const sub: NatsSub = this.nc.subscribe(`${this.prefix}.cmd.${subject}`, {
      queue: opts.queue ?? subject,
      callback: (err, msg) => {
        if (err) return;
        void (async () => {
          try {
            const data = await inSpan(
              `handle ${subject}`,
              { parent: contextFromHeaders(headerRecord(msg.headers)), kind: SpanKind.SERVER },
              () => handler(fromBytes(msg.data)),
            );
            msg.respond(toBytes({ ok: true, data }));
          } catch (e) {
            this.logger?.error({ err: e, subject }, 'command handler failed');
            msg.respond(toBytes({ ok: false, error: (e as Error).message }));
          }
        })();
      },
    });
    return { stop: async () => sub.drain() };
  }

  broadcast(subject: string, data: unknown): void {
    if (!this.closed) this.nc.publish(`${this.prefix}.live.${subject}`, toBytes(data));
  }

  listen(subject: string, handler: (data: any, subject: string) => void): Subscription {
    const base = `${this.prefix}.live.`;
    const sub = this.nc.subscribe(`${base}${subject}`, {
      callback: (err, msg) => {
        if (!err) handler(fromBytes(msg.data), msg.subject.slice(base.length));
      },
    });
    return { stop: async () => sub.unsubscribe() };
  }

  async ping() {
    try {
      await this.nc.flush();
      return !this.nc.isClosed();
    } catch {
      return false;
    }
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.nc.drain().catch(() => this.nc.close());
  }
}
