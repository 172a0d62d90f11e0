import type { Logger } from '../logger';
import {
  BusRequestError,
  type ConsumeOptions,
  DEDUP_WINDOW_MS,
  type EventBus,
  type EventEnvelope,
  type FollowOptions,
  logRedelivery,
  type Subscription,
  subjectMatches,
} from './types';

interface Member {
  opts: ConsumeOptions;
  active: boolean;
}

interface Durable {
  subjects: string[];
  members: Member[];
  /** index into the log of the next event to hand out */
  cursor: number;
  next: number;
  running: boolean;
}

/**
 * The in-process bus of the embedded mode. It keeps the semantics the services rely on:
 * durable consumers see every event since they were first created, replicas of one
 * durable share deliveries, a failed handler is retried with backoff, ids are de-duplicated
 * inside the window, and delivery is always asynchronous (a publisher inside a database
 * transaction never runs a consumer's transaction on its own stack).
 */
export class MemoryBus implements EventBus {
  private readonly log: EventEnvelope[] = [];
  private readonly seen = new Map<string, number>();
  private readonly durables = new Map<string, Durable>();
  private readonly responders = new Map<string, Array<(data: unknown) => Promise<unknown>>>();
  private readonly listeners = new Set<{ subject: string; handler: (d: unknown, s: string) => void }>();
  private readonly followers = new Set<{ opts: FollowOptions; queue: Promise<void> }>();
  private closed = false;

  constructor(
    private readonly logger?: Logger,
    private readonly retryBaseMs = 50,
  ) {}

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    const now = Date.now();
    const seenAt = this.seen.get(event.id);
    if (seenAt !== undefined && now - seenAt < DEDUP_WINDOW_MS) return;
    this.seen.set(event.id, now);
    if (this.seen.size > 100_000) {
      for (const [id, t] of this.seen) if (now - t >= DEDUP_WINDOW_MS) this.seen.delete(id);
    }
    this.log.push(structuredClone(event));
    this.compact();
    for (const d of this.durables.values()) this.pump(d);
    for (const f of this.followers) {
      if (!f.opts.subjects.some((p) => subjectMatches(p, event.subject))) continue;
      const copy = structuredClone(event);
      // in turn, and never on the publisher's stack
      f.queue = f.queue
        .then(() => new Promise((r) => setImmediate(r)))
        .then(() => f.opts.handler(copy))
        .catch((err) =>
          this.logger?.error({ err, subject: copy.subject, id: copy.id }, 'a follower failed on an event'),
        );
    }
  }

  async follow(opts: FollowOptions): Promise<Subscription> {
    const follower = { opts, queue: Promise.resolve() };
    this.followers.add(follower);
    return {
      stop: async () => {
        this.followers.delete(follower);
        await follower.queue;
      },
    };
  }

  /**
   * When the oldest event some durable has not finished handling was recorded (its
   * `occurredAt`; undefined when every durable is done). A stop that leaves one behind must
   * have it replayed at the next start: this bus forgets everything with the process.
   */
  oldestUnhandled(): string | undefined {
    let oldest: string | undefined;
    for (const d of this.durables.values()) {
      for (let i = d.cursor; i < this.log.length; i++) {
        const event = this.log[i];
        if (!d.subjects.some((p) => subjectMatches(p, event.subject))) continue;
        if (oldest === undefined || event.occurredAt < oldest) oldest = event.occurredAt;
        break;
      }
    }
    return oldest;
  }

  async retire(durable: string): Promise<number> {
    const d = this.durables.get(durable);
    if (!d) return 0;
    if (d.members.length > 0) throw new Error(`durable ${durable} is still consumed`);
    // its cursor would hold the log's compaction back for ever
    this.durables.delete(durable);
    this.compact();
    return 1;
  }

  /** Drops the prefix of the log every durable has passed, so a long embedded run stays small. */
  private compact() {
    if (this.log.length < 20_000 || this.durables.size === 0) return;
    const min = Math.min(...[...this.durables.values()].map((d) => d.cursor));
    if (!Number.isFinite(min) || min < 10_000) return;
    this.log.splice(0, min);
    for (const d of this.durables.values()) d.cursor -= min;
  }

  async consume(opts: ConsumeOptions): Promise<Subscription> {
    let d = this.durables.get(opts.durable);
    if (!d) {
      d = { subjects: opts.subjects, members: [], cursor: 0, next: 0, running: false };
      this.durables.set(opts.durable, d);
    }
    const member: Member = { opts, active: true };
    d.members.push(member);
    const durable = d;
    this.pump(durable);
    return {
      stop: async () => {
        member.active = false;
        durable.members = durable.members.filter((m) => m !== member);
      },
    };
  }

  private pump(d: Durable) {
    if (d.running || d.members.length === 0 || this.closed) return;
    d.running = true;
    setImmediate(() => void this.drain(d));
  }

  private async drain(d: Durable) {
    try {
      while (!this.closed && d.cursor < this.log.length) {
        const event = this.log[d.cursor];
        if (!d.subjects.some((p) => subjectMatches(p, event.subject))) {
          d.cursor++;
          continue;
        }
        const delivered = await this.deliver(d, event);
        if (!delivered) return; // no member left; resumes when one joins
        d.cursor++;
      }
    } finally {
      d.running = false;
      if (!this.closed && d.cursor < this.log.length && d.members.length > 0) this.pump(d);
    }
  }

  private async deliver(d: Durable, event: EventEnvelope): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const members = d.members.filter((m) => m.active);
      if (members.length === 0) return false;
      const member = members[d.next++ % members.length];
      const max = member.opts.maxDeliver ?? 10;
      try {
        await member.opts.handler(structuredClone(event), { attempt });
        return true;
      } catch (err) {
        if (attempt >= max) {
          this.logger?.error(
            { err, subject: event.subject, id: event.id },
            'event dropped after max deliveries',
          );
          return true;
        }
        logRedelivery(this.logger, err, event, attempt);
        await new Promise((r) =>
          setTimeout(r, Math.min(this.retryBaseMs * 2 ** (attempt - 1), member.opts.retryCapMs ?? 5_000)),
        );
        if (this.closed) return false;
      }
    }
  }

  async request<Res>(subject: string, data: unknown, opts: { timeoutMs?: number } = {}): Promise<Res> {
    const handlers = this.responders.get(subject);
    if (!handlers?.length) throw new BusRequestError('no_responders', `no responders for ${subject}`);
    const handler = handlers[Math.floor(Math.random() * handlers.length)];
    const timeoutMs = opts.timeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new BusRequestError('timeout', `request to ${subject} timed out`)),
        timeoutMs,
      );
    });
    try {
      const payload = structuredClone(data);
      const answer = await Promise.race([
        new Promise<unknown>((resolve) => setImmediate(resolve)).then(() => handler(payload)),
        timeout,
      ]);
      return structuredClone(answer) as Res;
    } catch (err) {
      if (err instanceof BusRequestError) throw err;
      throw new BusRequestError('handler_error', (err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  async reply(subject: string, handler: (data: any) => Promise<unknown>): Promise<Subscription> {
    const list = this.responders.get(subject) ?? [];
    list.push(handler);
    this.responders.set(subject, list);
    return {
      stop: async () => {
        this.responders.set(
          subject,
          (this.responders.get(subject) ?? []).filter((h) => h !== handler),
        );
      },
    };
  }

  broadcast(subject: string, data: unknown): void {
    for (const l of this.listeners) {
      if (subjectMatches(l.subject, subject)) {
        const copy = structuredClone(data);
        setImmediate(() => l.handler(copy, subject));
      }
    }
  }

  listen(subject: string, handler: (data: any, subject: string) => void): Subscription {
    const entry = { subject, handler };
    this.listeners.add(entry);
    return {
      stop: async () => {
        this.listeners.delete(entry);
      },
    };
  }

  async ping() {
    return !this.closed;
  }

  async close() {
    this.closed = true;
    this.listeners.clear();
    this.responders.clear();
  }
}
