import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BusRequestError,
  type EventBus,
  type EventEnvelope,
  MemoryBus,
  NatsBus,
  NEVER_GIVE_UP,
  newId,
  subjectMatches,
} from '../src';
import { eventually, TEST_NATS_URL } from '../src/testing';

const implementations: Array<[string, () => Promise<EventBus>]> = [
  ['memory', async () => new MemoryBus(undefined, 10)],
  ['nats', async () => NatsBus.connect({ url: TEST_NATS_URL, prefix: `c${newId().slice(-10)}` })],
];

const event = (subject: string, data: unknown, id = newId()): EventEnvelope => ({
  id,
  subject,
  version: 1,
  occurredAt: new Date().toISOString(),
  data,
});

/**
 * A barrier instead of a pause: publishes a sentinel on `subject` and waits until `seen`
 * reports it. Events of one durable arrive in order, so anything published before the
 * sentinel that was going to arrive has arrived by then.
 */
async function barrier(bus: EventBus, subject: string, seen: (id: string) => boolean) {
  const id = newId();
  await bus.publish(event(subject, { sentinel: true }, id));
  await eventually(() => seen(id), 10_000);
}

describe('subjectMatches', () => {
  it('follows NATS wildcard rules', () => {
    expect(subjectMatches('games.*', 'games.settled')).toBe(true);
    expect(subjectMatches('games.*', 'games.a.b')).toBe(false);
    expect(subjectMatches('games.>', 'games.a.b')).toBe(true);
    expect(subjectMatches('games.>', 'games')).toBe(false);
    expect(subjectMatches('games.settled', 'games.cancelled')).toBe(false);
  });
});

describe.each(implementations)('event bus contract: %s', (_name, make) => {
  let bus: EventBus;
  beforeEach(async () => {
    bus = await make();
  });
  afterEach(async () => {
    await bus.close();
  });

  it('delivers a published event to a durable consumer, only on matching subjects', async () => {
    const got: string[] = [];
    const ids: string[] = [];
    await bus.consume({
      durable: 'd1',
      subjects: ['games.settled'],
      handler: async (e) => {
        ids.push(e.id);
        if (!(e.data as { sentinel?: boolean }).sentinel) got.push(e.subject);
      },
    });
    await bus.publish(event('games.cancelled', {}));
    await bus.publish(event('games.settled', { gameId: 'x' }));
    await barrier(bus, 'games.settled', (id) => ids.includes(id));
    expect(got).toEqual(['games.settled']);
  });

  it('drops a second publish with the same id (de-duplication)', async () => {
    const got: unknown[] = [];
    const ids: string[] = [];
    await bus.consume({
      durable: 'd2',
      subjects: ['bets.*'],
      handler: async (e) => {
        ids.push(e.id);
        got.push(e.data);
      },
    });
    const id = newId();
    await bus.publish(event('bets.placed', { n: 1 }, id));
    await bus.publish(event('bets.placed', { n: 2 }, id));
    await bus.publish(event('bets.placed', { n: 3 }));
    await barrier(bus, 'bets.placed', (sid) => ids.includes(sid));
    expect(got.slice(0, -1)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('redelivers an event whose handler failed, with the attempt number', async () => {
    const attempts: number[] = [];
    const ids: string[] = [];
    await bus.consume({
      durable: 'd3',
      subjects: ['wallet.>'],
      ackWaitMs: 2_000,
      handler: async (e, info) => {
        ids.push(e.id);
        if ((e.data as { sentinel?: boolean }).sentinel) return;
        attempts.push(info.attempt);
        if (info.attempt < 3) throw new Error('not yet');
      },
    });
    await bus.publish(event('wallet.transaction_posted', {}));
    await eventually(() => attempts.length === 3, 10_000);
    // once handled, it is never delivered again: a later event gets through and nothing follows
    await barrier(bus, 'wallet.transaction_posted', (id) => ids.includes(id));
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('a consumer that never gives up keeps redelivering past the default ten, even on a durable made with ten', async () => {
    // the durable as it was before money consumers stopped giving up
    const old = await bus.consume({ durable: 'd3b', subjects: ['bets.settled'], handler: async () => {} });
    await old.stop();
    const attempts: number[] = [];
    const ids: string[] = [];
    await bus.consume({
      durable: 'd3b',
      subjects: ['bets.settled'],
      ackWaitMs: 2_000,
      maxDeliver: NEVER_GIVE_UP,
      retryCapMs: 100,
      handler: async (e, info) => {
        ids.push(e.id);
        if ((e.data as { sentinel?: boolean }).sentinel) return;
        attempts.push(info.attempt);
        // a database that refuses for a while
        if (info.attempt < 14) throw new Error('database unavailable');
      },
    });
    await bus.publish(event('bets.settled', {}));
    await eventually(() => attempts.length === 14, 20_000);
    await barrier(bus, 'bets.settled', (id) => ids.includes(id));
    expect(attempts).toEqual([...Array(14).keys()].map((i) => i + 1));
  });

  it('keeps events for a durable consumer that was not running, and resumes where it stopped', async () => {
    const first: unknown[] = [];
    const sub = await bus.consume({
      durable: 'd4',
      subjects: ['user.*'],
      handler: async (e) => void first.push(e.data),
    });
    await bus.publish(event('user.registered', 1));
    await eventually(() => first.length === 1);
    await sub.stop();
    await bus.publish(event('user.registered', 2));
    await bus.publish(event('user.registered', 3));
    const second: unknown[] = [];
    await bus.consume({
      durable: 'd4',
      subjects: ['user.*'],
      handler: async (e) => void second.push(e.data),
    });
    await eventually(() => second.length === 2);
    expect(second).toEqual([2, 3]);
  });

  it('shares one durable between replicas: each event handled by one of them', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    await bus.consume({ durable: 'd5', subjects: ['games.*'], handler: async (e) => void a.push(e.data) });
    await bus.consume({ durable: 'd5', subjects: ['games.*'], handler: async (e) => void b.push(e.data) });
    for (let i = 0; i < 20; i++) await bus.publish(event('games.updated', i));
    // a sentinel behind the twenty: once all 21 are in, a duplicate would have made it 22 numbers
    await bus.publish(event('games.updated', { sentinel: true }));
    await eventually(() => a.length + b.length === 21);
    const values = [...a, ...b].filter((v) => typeof v === 'number');
    expect(values.sort((x, y) => (x as number) - (y as number))).toEqual([...Array(20).keys()]);
  });

  it('retires a durable nobody consumes any more, and leaves the others alone', async () => {
    const got: unknown[] = [];
    const old = await bus.consume({
      durable: 'd7',
      subjects: ['user.*', 'games.*'],
      handler: async () => {},
    });
    await bus.consume({
      durable: 'd7_kept',
      subjects: ['user.*'],
      handler: async (e) => void got.push(e.data),
    });
    await old.stop();
    expect(await bus.retire('d7')).toBeGreaterThan(0);
    expect(await bus.retire('d7')).toBe(0);
    await bus.publish(event('user.registered', 'still here'));
    await eventually(() => got.length === 1);
    expect(await bus.retire('d7_kept_')).toBe(0);
  });

  it('gives each durable its own copy', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    await bus.consume({ durable: 'd6a', subjects: ['games.*'], handler: async (e) => void a.push(e.data) });
    await bus.consume({ durable: 'd6b', subjects: ['games.*'], handler: async (e) => void b.push(e.data) });
    await bus.publish(event('games.updated', 'x'));
    await eventually(() => a.length === 1 && b.length === 1);
  });

  it('answers a request from a responder', async () => {
    await bus.reply('wallet.balance', async (q: { userId: string }) => ({
      userId: q.userId,
      balanceCents: 42,
    }));
    await expect(bus.request('wallet.balance', { userId: 'u' })).resolves.toEqual({
      userId: 'u',
      balanceCents: 42,
    });
  });

  it('times out a request nobody answers in time, and reports missing responders', async () => {
    // time is what is tested: an answer that comes after the caller's deadline
    await bus.reply('slow.cmd', () => new Promise((r) => setTimeout(() => r('late'), 1_000)));
    const err = await bus.request<never>('slow.cmd', {}, { timeoutMs: 100 }).catch((e: BusRequestError) => e);
    expect(err).toBeInstanceOf(BusRequestError);
    expect(err.code).toBe('timeout');
    const none = await bus
      .request<never>('nobody.home', {}, { timeoutMs: 500 })
      .catch((e: BusRequestError) => e);
    expect(none).toBeInstanceOf(BusRequestError);
    expect(['no_responders', 'timeout']).toContain(none.code);
  });

  it('turns a responder failure into a handler_error', async () => {
    await bus.reply('broken.cmd', async () => {
      throw new Error('boom');
    });
    const err = await bus.request<never>('broken.cmd', {}).catch((e: BusRequestError) => e);
    expect(err).toBeInstanceOf(BusRequestError);
    expect(err.code).toBe('handler_error');
  });

  it('broadcasts transient messages to every listener on matching subjects', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const ready: unknown[] = [];
    bus.listen('aviator.*', (d, s) => (s === 'aviator.ready' ? ready.push(d) : a.push([s, d])));
    bus.listen('aviator.tick', (d) => b.push(d));
    // a core subscription is live once a message of its own comes back through it
    await eventually(() => {
      bus.broadcast('aviator.ready', {});
      return ready.length > 0;
    });
    bus.broadcast('aviator.tick', { multiplier: 1.5 });
    bus.broadcast('aviator.crash', { multiplier: 2 });
    await eventually(() => a.length === 2 && b.length === 1);
    expect(a).toContainEqual(['aviator.tick', { multiplier: 1.5 }]);
  });

  it('gives every follower its own copy of each event published after it began, in order, on matching subjects', async () => {
    await bus.publish(event('wallet.balance_changed', { n: -1 })); // before: not followed
    const a: number[] = [];
    const b: number[] = [];
    const shared: number[] = [];
    const n = (e: EventEnvelope) => (e.data as { n: number }).n;
    await bus.follow({ subjects: ['wallet.*'], handler: (e) => void a.push(n(e)) });
    await bus.follow({ subjects: ['wallet.balance_changed'], handler: (e) => void b.push(n(e)) });
    // a durable beside them still gets each event once
    await bus.consume({
      durable: 'f1',
      subjects: ['wallet.*'],
      handler: async (e) => void shared.push(n(e)),
    });
    for (let i = 0; i < 20; i++) await bus.publish(event('wallet.balance_changed', { n: i }));
    await bus.publish(event('games.settled', { n: 99 }));
    await eventually(() => a.length === 20 && b.length === 20, 10_000);
    const all = Array.from({ length: 20 }, (_, i) => i);
    expect(a).toEqual(all);
    expect(b).toEqual(all);
    await eventually(() => shared.length >= 20, 10_000);
    expect(shared.filter((x) => x >= 0)).toEqual(all);
  });

  it('never retries a follower: a failure is logged and the next event comes', async () => {
    const got: number[] = [];
    await bus.follow({
      subjects: ['bets.placed'],
      handler: async (e) => {
        const i = (e.data as { i: number }).i;
        got.push(i);
        if (i === 0) throw new Error('this one fails');
      },
    });
    await bus.publish(event('bets.placed', { i: 0 }));
    await bus.publish(event('bets.placed', { i: 1 }));
    // a sentinel behind them: once it arrives, a retry of the failed one would have come first
    await bus.publish(event('bets.placed', { i: 2 }));
    await eventually(() => got.includes(2), 10_000);
    expect(got).toEqual([0, 1, 2]);
  });
});

describe('MemoryBus.oldestUnhandled (what a clean embedded stop records)', () => {
  it('names the oldest event a durable has not finished, and nothing once all are done', async () => {
    const bus = new MemoryBus(undefined, 10);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const done: unknown[] = [];
      await bus.consume({
        durable: 'slow',
        subjects: ['user.*'],
        handler: async (e) => {
          if (e.data === 2) await held;
          done.push(e.data);
        },
      });
      // a durable that never hears of user.* has nothing to finish
      await bus.consume({ durable: 'elsewhere', subjects: ['games.*'], handler: async () => {} });
      expect(bus.oldestUnhandled()).toBeUndefined();
      const events = [1, 2, 3].map((n) => ({
        ...event('user.registered', n),
        occurredAt: `2026-11-26T10:00:0${n}.000Z`,
      }));
      for (const e of events) await bus.publish(e);
      await eventually(() => done.length === 1);
      expect(bus.oldestUnhandled()).toBe(events[1].occurredAt);
      release();
      await eventually(() => done.length === 3);
      expect(bus.oldestUnhandled()).toBeUndefined();
    } finally {
      await bus.close();
    }
  });
});

describe('NATS consumer concurrency', () => {
  it('handles up to `concurrency` events of a subject at once, and every one exactly once', async () => {
    const bus = await NatsBus.connect({ url: TEST_NATS_URL, prefix: `cc${newId().slice(-10)}` });
    try {
      let inFlight = 0;
      let peak = 0;
      const done: unknown[] = [];
      await bus.consume({
        durable: 'par',
        subjects: ['bets.settled'],
        concurrency: 4,
        handler: async (e) => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          // time is the scenario: each event takes a while, so deliveries overlap
          await new Promise((r) => setTimeout(r, 30));
          inFlight--;
          done.push(e.data);
        },
      });
      for (let i = 0; i < 20; i++) await bus.publish(event('bets.settled', i));
      await eventually(() => done.length === 20, 10_000);
      expect(peak).toBeGreaterThan(1);
      expect(peak).toBeLessThanOrEqual(4);
      expect(new Set(done).size).toBe(20);
    } finally {
      await bus.close();
    }
  });
});

describe('NATS follower', () => {
  it('resumes after the last event it was given when its consumer is lost: nothing skipped, nothing twice', async () => {
    const prefix = `fo${newId().slice(-10)}`;
    const bus = await NatsBus.connect({ url: TEST_NATS_URL, prefix });
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const got: number[] = [];
      await bus.follow({ subjects: ['bets.placed'], handler: (e) => void got.push(e.data as number) });
      for (let i = 0; i < 5; i++) await bus.publish(event('bets.placed', i));
      await eventually(() => got.length === 5, 10_000);
      // the server forgets the follower's consumer (a restart of a single in-memory server, say)
      const jsm = await jetstreamManager(nc);
      const stream = `${prefix.toUpperCase()}_EVENTS`;
      for await (const c of jsm.consumers.list(stream)) await jsm.consumers.delete(stream, c.name);
      for (let i = 5; i < 10; i++) await bus.publish(event('bets.placed', i));
      // a sentinel behind them: once it arrives, a duplicate of the others would have come first
      await bus.publish(event('bets.placed', 10));
      await eventually(() => got.includes(10), 20_000);
      expect(got).toEqual(Array.from({ length: 11 }, (_, i) => i));
    } finally {
      await nc.close();
      await bus.close();
    }
  });
});
