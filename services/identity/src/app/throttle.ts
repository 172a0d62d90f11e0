import type { Cache } from '@bet/kit';
import { delayAfter, type ThrottlePolicy } from '../domain/throttle';
import { sha256 } from './tokens';

export interface Bucket {
  key: string;
  policy: ThrottlePolicy;
}

/**
 * Failure counters in the shared cache (Redis in a cluster, so every replica sees the same
 * numbers). A counter past its free failures sets a "wait" key that expires after the delay.
 */
export class Throttle {
  constructor(private readonly cache: Cache) {}

  /** Milliseconds the caller must still wait (0 = go ahead). */
  async wait(buckets: Bucket[]): Promise<number> {
    const ttls = await Promise.all(buckets.map((b) => this.cache.ttl(`${b.key}:wait`)));
    return Math.max(0, ...ttls);
  }

  async fail(buckets: Bucket[]): Promise<void> {
    await Promise.all(
      buckets.map(async (b) => {
        const n = await this.cache.incr(`${b.key}:n`, b.policy.windowMs);
        const delay = delayAfter(n, b.policy);
        if (delay > 0) await this.cache.set(`${b.key}:wait`, '1', delay);
      }),
    );
  }

  async clear(buckets: Bucket[]): Promise<void> {
    await Promise.all(
      buckets.flatMap((b) => [this.cache.del(`${b.key}:n`), this.cache.del(`${b.key}:wait`)]),
    );
  }
}

/** the account is keyed by a hash: raw emails do not belong in the cache */
export const pairBucket = (account: string, ip: string, policy: ThrottlePolicy): Bucket => ({
  key: `identity:login:pair:${sha256(account).slice(0, 32)}:${ip}`,
  policy,
});
export const ipBucket = (ip: string, policy: ThrottlePolicy): Bucket => ({
  key: `identity:login:ip:${ip}`,
  policy,
});
export const passwordCheckBucket = (userId: string, policy: ThrottlePolicy): Bucket => ({
  key: `identity:pwcheck:${userId}`,
  policy,
});
export const resetMailBucket = (email: string): Bucket => ({
  key: `identity:resetmail:${sha256(email).slice(0, 32)}`,
  policy: { freeFailures: 5, baseDelayMs: 60 * 60_000, maxDelayMs: 60 * 60_000, windowMs: 60 * 60_000 },
});
