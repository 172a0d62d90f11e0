/**
 * What a rate-limit count costs the gateway and Redis: the plugin's own Redis store (one
 * script call per request) against ours (the counts of one moment in one script call,
 * gateway/src/http/rate-store.ts). Requests are simulated as `--concurrency` callers, each
 * asking for its next count as soon as it has the last, over `--clients` client addresses.
 *
 *   node --import tsx bench/rate-limit-store.ts [--counts 100000] [--concurrency 32] [--clients 1000]
 *
 * Prints counts per second and the CPU µs per count of this process and of redis-server.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { newId } from '@bet/kit';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sharedRateCounts } from '../gateway/src/http/rate-store';
import { processCpu } from './proc';

const { values } = parseArgs({
  options: {
    counts: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '32' },
    clients: { type: 'string', default: '1000' },
  },
});
const counts = Number(values.counts);
const concurrency = Number(values.concurrency);
const clients = Number(values.clients);

// the plugin does not export its stores; this is the one it builds from `redis: client`
const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);

async function run(store: FastifyRateLimitStore) {
  let next = 0;
  const caller = async () => {
    while (next < counts) {
      const key = `c${next++ % clients}`;
      await new Promise<void>((resolve, reject) =>
        store.incr(key, (err) => (err ? reject(err) : resolve()), 60_000, 1_000_000),
      );
    }
  };
  const cpu0 = process.cpuUsage();
  const redis0 = processCpu(redisPid)?.cpu ?? 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const redisCpu = (processCpu(redisPid)?.cpu ?? 0) - redis0;
  return {
    perSecond: counts / seconds,
    gatewayUs: (cpu.user + cpu.system) / counts,
    redisUs: (redisCpu * 1e6) / counts,
  };
}

const stores: Array<[string, () => FastifyRateLimitStore]> = [
  [
    'plugin Redis store (a script call per count)',
    () => new PluginRedisStore(false, false, redis, `bench:${newId()}:`),
  ],
  ['shared counts (a script call per batch)', () => new (sharedRateCounts(redis, `bench:${newId()}:`))({})],
];
console.log(`rate-limit counts: ${counts} per store, ${concurrency} in flight, ${clients} clients`);
console.log(
  `${'store'.padEnd(48)} ${'counts/s'.padStart(9)}   CPU µs per count: this process / redis-server`,
);
for (const round of [1, 2]) {
  for (const [name, make] of stores) {
    const r = await run(make());
    if (round === 1) continue; // the first round warms up the JIT and the scripts
    console.log(
      `${name.padEnd(48)} ${r.perSecond.toFixed(0).padStart(9)}   ${r.gatewayUs.toFixed(1)} / ${r.redisUs.toFixed(1)}`,
    );
  }
}
redis.disconnect();
