import { groupCommit } from '@bet/kit';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { assignCounts, type Count, type CountRequest, planIncrements } from '../domain/rate-counts';

/**
 * Rate-limit counters in Redis, shared by every gateway, still exact, but with one Redis
 * round trip for all the counts taken at the same moment instead of one script call per
 * request: the counts that arrive while a round trip is out go together in the next, and
 * several requests of one client in one batch take one INCRBY, each request still getting
 * its own place in the count. Under load that is most of the Redis work of a request.
 *
 * The store API is @fastify/rate-limit's (`incr`, `read`, `child`). Only fixed windows:
 * `continueExceeding` and `exponentialBackoff` are not supported (we use neither).
 */

/**
 * KEYS: the distinct counters; ARGV: for each, how many requests to add, then its window.
 * A counter is given its window when this adds its first requests; otherwise its time left is read.
 */
const INCREMENT_ALL = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  local current = redis.call('INCRBY', key, n)
  local ttl = -1
  if current > n then ttl = redis.call('PTTL', key) end
  -- the window starts with its first request; a counter without one (set by hand) gets one too
  if ttl < 0 then
    redis.call('PEXPIRE', key, window)
    ttl = window
  end
  out[2 * i - 1] = current
  out[2 * i] = ttl
end
return out
`;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A @fastify/rate-limit store class over one Redis client: the plugin builds it with `new`,
 * so the client and the key prefix are closed over here.
 */
export function sharedRateCounts(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // EVALSHA under a name, the script's text sent once
  redis.defineCommand('incrementRateCounts', { lua: INCREMENT_ALL });
  const incrementAll = (keys: string[], args: number[]) =>
    (redis as unknown as Record<string, (...a: unknown[]) => Promise<number[]>>).incrementRateCounts!(
      keys.length,
      ...keys,
      ...args,
    );
  // never throws: a failed round trip answers each of its requests with the error
  const runBatch = async (requests: CountRequest[]): Promise<Array<Count | Error>> => {
    const { keys, args } = planIncrements(requests);
    try {
      return assignCounts(requests, keys, await incrementAll(keys, args));
    } catch (err) {
      return requests.map(() => err as Error);
    }
  };
  const count = groupCommit<CountRequest, Count | Error>({
    max: 1_000,
    runBatch,
    runOne: async (request) => (await runBatch([request]))[0]!,
  });

  class SharedRateCounts implements FastifyRateLimitStore {
    constructor(
      options: object,
      readonly prefix = nameSpace,
    ) {
      const { continueExceeding, exponentialBackoff } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      if (continueExceeding || exponentialBackoff)
        throw new Error('shared rate counts have fixed windows only');
    }

    incr(key: string, cb: Callback, windowMs: number) {
      count({ key: this.prefix + key, windowMs }).then(
        (res) => (res instanceof Error ? cb(res) : cb(null, res)),
        (err) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec()
        .then((res) => {
          const current = Number(res?.[0]?.[1] ?? 0);
          cb(null, { current, ttl: current ? Math.max(0, Number(res?.[1]?.[1] ?? 0)) : 0 });
        }, cb);
    }

    /**
     * A route with its own limit counts apart, under its method and path, as the plugin's own
     * Redis store does. The plugin passes the route's merged limit options, with the route
     * under `routeInfo` (its typings say the route itself).
     */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo } = options as unknown as { routeInfo: { method: string; url: string } };
      return new SharedRateCounts(options, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return SharedRateCounts;
}
