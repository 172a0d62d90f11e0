/**
 * The event bus: durable events (JetStream in a cluster), request/reply commands, and
 * transient broadcasts (core NATS) for high-rate data nobody needs to replay.
 * Subjects here are the catalogue's names (`wallet.transaction_posted`); each
 * implementation maps them onto its own namespace.
 */
export interface EventEnvelope<T = unknown> {
  /** unique id; also the de-duplication key (`Nats-Msg-Id`) and the inbox key */
  id: string;
  subject: string;
  version: number;
  occurredAt: string;
  data: T;
}

export interface DeliveryInfo {
  /** 1 on the first delivery */
  attempt: number;
}

export type EventHandler = (event: EventEnvelope, info: DeliveryInfo) => Promise<void>;

export interface ConsumeOptions {
  /** durable consumer name: replicas sharing it share the work; it resumes where it stopped */
  durable: string;
  /** catalogue subjects, `*` and `>` wildcards allowed */
  subjects: string[];
  handler: EventHandler;
  /** how long a delivery may take before it is redelivered */
  ackWaitMs?: number;
  /**
   * deliveries before an event is given up on (logged); NEVER_GIVE_UP for money and
   * settlement, whose events must wait out any outage (back-off capped at seconds)
   */
  maxDeliver?: number;
  /** the longest wait between two deliveries of a failing event (default 10 s, memory 5 s) */
  retryCapMs?: number;
  /**
   * How many events of one subject may be handled at once (NATS; the in-memory bus hands
   * them out one by one). Only for handlers whose effects do not depend on the order of
   * events, e.g. money movements keyed by bet. Default 1: in order.
   */
  concurrency?: number;
}

export interface FollowOptions {
  /** catalogue subjects, `*` and `>` wildcards allowed */
  subjects: string[];
  /** each event in turn (in the stream's order per subject); a failure is logged, never retried */
  handler: (event: EventEnvelope) => void | Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export class BusRequestError extends Error {
  override name = 'BusRequestError';
  constructor(
    readonly code: 'timeout' | 'no_responders' | 'handler_error',
    msg: string,
  ) {
    super(msg);
  }
}

export interface EventBus {
  /** Publishes a durable event; a second publish with the same id inside the window is dropped. */
  publish(event: EventEnvelope): Promise<void>;
  consume(opts: ConsumeOptions): Promise<Subscription>;
  /**
   * Every follower hears every durable event published from now on: each replica its own
   * copy, unlike `consume`'s shared durable. No acknowledgements and no retries, for work a
   * replica does for itself (a gateway's own sockets). After a lost connection it resumes
   * after the last event it was given, so nothing in between is skipped.
   */
  follow(opts: FollowOptions): Promise<Subscription>;
  /**
   * Deletes what a durable that is no longer consumed left on the bus (on JetStream, a consumer
   * per subject, which keeps its cursor and shows a growing backlog until deleted); returns how
   * many went. Nothing is lost: the stream keeps events by age, not by who read them.
   */
  retire(durable: string): Promise<number>;
  request<Res = unknown>(subject: string, data: unknown, opts?: { timeoutMs?: number }): Promise<Res>;
  /** Answers requests; replicas with the same queue group share them. */
  reply(
    subject: string,
    handler: (data: any) => Promise<unknown>,
    opts?: { queue?: string },
  ): Promise<Subscription>;
  broadcast(subject: string, data: unknown): void;
  listen(subject: string, handler: (data: any, subject: string) => void): Subscription;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const DEDUP_WINDOW_MS = 2 * 60_000;

/** maxDeliver for consumers that must never drop an event (money, settlement). */
export const NEVER_GIVE_UP = Number.POSITIVE_INFINITY;

/** NATS spells "no limit" -1. */
export function natsMaxDeliver(maxDeliver: number | undefined): number {
  const max = maxDeliver ?? 10;
  return Number.isFinite(max) ? max : -1;
}

/** An event still failing after this many deliveries is logged as an error each time again. */
export const STUCK_AFTER = 20;

/**
 * A failed delivery that will be retried: a warning, and an error (the alert) once it has
 * failed STUCK_AFTER times and every STUCK_AFTER times after, so an outage that outlasts
 * the back-off is seen by a person while nothing is lost.
 */
export function logRedelivery(
  logger: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void } | undefined,
  err: unknown,
  event: { subject: string; id: string },
  attempt: number,
): void {
  const fields = { err, subject: event.subject, id: event.id, attempt };
  if (attempt % STUCK_AFTER === 0) logger?.error(fields, 'event still failing; redelivery continues');
  else logger?.warn(fields, 'event handler failed; redelivering');
}

/** NATS-style subject match: `*` one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
