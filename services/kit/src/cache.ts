import { Redis } from 'ioredis';

/**
 * Short-lived shared state: counters for throttling, small caches. Redis in a cluster,
 * a Map in embedded mode; both pass the same contract tests.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  /** Several keys in one read (one round trip in Redis), each value or null, in the keys' order. */
  getMany(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Increments and returns the new value; the TTL starts with the first increment. */
  incr(key: string, ttlMs: number): Promise<number>;
  ttl(key: string): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private writes = 0;

  /** Expired keys are dropped on read, and swept every few thousand writes so unread ones go too. */
  private sweep() {
    if (++this.writes % 4096 !== 0) return;
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
  }
  private live(key: string) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: string[]) {
    return keys.map((key) => this.live(key)?.value ?? null);
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.sweep();
    this.entries.set(key, { value, expiresAt: ttlMs ? Date.now() + ttlMs : Number.POSITIVE_INFINITY });
  }
  async del(key: string) {
    this.entries.delete(key);
  }
  async incr(key: string, ttlMs: number) {
    this.sweep();
    const e = this.live(key);
    const next = (e ? Number(e.value) : 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: e ? e.expiresAt : Date.now() + ttlMs });
    return next;
  }
  async ttl(key: string) {
    const e = this.live(key);
    if (!e) return -2;
    return Number.isFinite(e.expiresAt) ? e.expiresAt - Date.now() : -1;
  }
  async ping() {
    return true;
  }
  async close() {
    this.entries.clear();
  }
}

export class RedisCache implements Cache {
  constructor(
    readonly redis: Redis,
    private readonly prefix = '',
  ) {}
  static connect(url: string, prefix = ''): RedisCache {
    return new RedisCache(new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 }), prefix);
  }
  private k(key: string) {
    return this.prefix + key;
  }
  async get(key: string) {
    return this.redis.get(this.k(key));
  }
  async getMany(keys: string[]) {
    return this.redis.mget(keys.map((key) => this.k(key)));
  }
  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.redis.set(this.k(key), value, 'PX', ttlMs);
    else await this.redis.set(this.k(key), value);
  }
  async del(key: string) {
    await this.redis.del(this.k(key));
  }
  async incr(key: string, ttlMs: number) {
    const k = this.k(key);
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[null, number]];
    return n;
  }
  async ttl(key: string) {
    return this.redis.pttl(this.k(key));
  }
  async ping() {
    return (await this.redis.ping()) === 'PONG';
  }
  async close() {
    this.redis.disconnect();
  }
}
