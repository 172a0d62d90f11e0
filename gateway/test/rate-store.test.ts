import { newId } from '@bet/kit';
import { eventually, type RedisCommandWatch, TEST_REDIS_URL, watchRedisCommands } from '@bet/kit/testing';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedRateCounts } from '../src/http/rate-store';

type Count = { current: number; ttl: number };
const incr = (store: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
  new Promise<Count>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, 1_000),
  );

describe('rate counts shared in Redis, taken together', () => {
  let a: Redis;
  let b: Redis;
  let watch: RedisCommandWatch;
  beforeAll(async () => {
    a = new Redis(TEST_REDIS_URL);
    b = new Redis(TEST_REDIS_URL);
    // MONITOR: every command Redis runs, to count the round trips the counts took
    watch = await watchRedisCommands();
  });
  afterAll(async () => {
    watch?.close();
    a?.disconnect();
    b?.disconnect();
  });

  const scripts = (prefix: string) =>
    watch.commands.filter((args) => /^eval/i.test(args[0]!) && args.some((x) => x.startsWith(prefix)));

  it('gives every request its own count, across two gateways, one script run per batch', async () => {
    const prefix = `test:${newId()}:`;
    const Store = sharedRateCounts(a, prefix);
    const OtherStore = sharedRateCounts(b, prefix);
    const one = new Store({});
    const other = new OtherStore({});
    // 60 counts asked at the same moment: 40 of one client (on two gateways), 20 of another
    const counts = await Promise.all([
      ...Array.from({ length: 20 }, () => incr(one, 'client-a')),
      ...Array.from({ length: 20 }, () => incr(other, 'client-a')),
      ...Array.from({ length: 20 }, () => incr(one, 'client-b')),
    ]);
    const placesOf = (from: number, to: number) =>
      counts
        .slice(from, to)
        .map((c) => c.current)
        .sort((x, y) => x - y);
    expect([...placesOf(0, 20), ...placesOf(20, 40)].sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(placesOf(40, 60)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const c of counts) {
      expect(c.ttl).toBeGreaterThan(55_000);
      expect(c.ttl).toBeLessThanOrEqual(60_000);
    }
    expect(Number(await a.get(`${prefix}client-a`))).toBe(40);
    expect(await a.pttl(`${prefix}client-b`)).toBeGreaterThan(55_000);
    // one script run for each gateway's batch, not one per request
    await eventually(() => scripts(prefix).length === 2);
  });

  it('starts a new window when the last one ran out', async () => {
    const Store = sharedRateCounts(a, `test:${newId()}:`);
    const store = new Store({});
    expect((await incr(store, 'c', 150)).current).toBe(1);
    expect((await incr(store, 'c', 150)).current).toBe(2);
    // time is what is tested: the 150 ms window runs out
    await new Promise((r) => setTimeout(r, 250));
    expect(await incr(store, 'c', 150)).toMatchObject({ current: 1, ttl: 150 });
  });

  it("counts a route with its own limit apart, under the route's method and path", async () => {
    const prefix = `test:${newId()}:`;
    const Store = sharedRateCounts(a, prefix);
    const general = new Store({});
    const login = general.child({ routeInfo: { method: 'POST', url: '/api/v1/auth/login' } } as never);
    await incr(general, 'ip');
    expect((await incr(login, 'ip')).current).toBe(1);
    expect(Number(await a.get(`${prefix}POST/api/v1/auth/login-ip`))).toBe(1);
    // the plugin's read without counting (`increment: false`), not in its typings
    const { read } = general as unknown as { read(key: string, cb: (e: unknown, r?: Count) => void): void };
    const now = await new Promise<Count | undefined>((resolve) =>
      read.call(general, 'ip', (_e, r) => resolve(r)),
    );
    expect(now?.current).toBe(1);
  });

  it('answers each request of a batch with the error when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    const Store = sharedRateCounts(down, 'test:');
    const store = new Store({});
    const results = await Promise.allSettled([incr(store, 'x'), incr(store, 'y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    down.disconnect();
  });
});
