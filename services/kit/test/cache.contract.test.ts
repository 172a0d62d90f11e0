import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Cache, MemoryCache, newId, RedisCache } from '../src';
import { eventually, TEST_REDIS_URL } from '../src/testing';

describe.each([
  ['memory', () => new MemoryCache()],
  ['redis', () => RedisCache.connect(TEST_REDIS_URL, `c${newId()}:`)],
] as Array<[string, () => Cache]>)('cache contract: %s', (_n, make) => {
  let cache: Cache;
  beforeEach(() => {
    cache = make();
  });
  afterEach(async () => {
    await cache.close();
  });

  it('stores, reads and deletes', async () => {
    expect(await cache.get('k')).toBeNull();
    await cache.set('k', 'v');
    expect(await cache.get('k')).toBe('v');
    await cache.del('k');
    expect(await cache.get('k')).toBeNull();
  });

  it('reads several keys at once, in their order, null for the missing ones', async () => {
    await cache.set('a', '1');
    await cache.set('c', '3', 60_000);
    expect(await cache.getMany(['c', 'b', 'a'])).toEqual(['3', null, '1']);
  });

  it('expires values after their TTL', async () => {
    await cache.set('t', 'v', 80);
    expect(await cache.get('t')).toBe('v');
    await eventually(async () => (await cache.get('t')) === null, 2_000, 10);
  });

  it('counts with a window that starts at the first increment', async () => {
    expect(await cache.incr('n', 150)).toBe(1);
    expect(await cache.incr('n', 150)).toBe(2);
    const ttl = await cache.ttl('n');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    // once the window has passed (the key is gone), counting starts again at 1
    await eventually(async () => (await cache.ttl('n')) === -2, 2_000, 10);
    expect(await cache.incr('n', 150)).toBe(1);
  });
});
