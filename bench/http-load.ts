import { createServer } from 'node:http';
import { Pool } from 'undici';
import { processCpu } from './proc';

/**
 * What the hop benchmarks share: the trivial upstream every hop forwards to, and the load
 * loop (keep-alive connections through an undici Pool, one request in flight on each).
 */

/** The upstream, in a child process: a small JSON answer of declared length to anything. */
export function serveTrivialUpstream() {
  const body = JSON.stringify({ ok: true, games: [] });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  // told to stop: exit by itself, so a CPU profile (BENCH_CPU_PROF) is written
  process.on('message', () => process.exit(0));
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** GETs `path` for `seconds` with `concurrency` requests in flight; any status but 200 is an error. */
export async function load(
  origin: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency: number,
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - began) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

/** CPU seconds so far of this process ('load generator') and of each named child. */
export function cpuSeconds(pids: Record<string, number>): Record<string, number> {
  const self = process.cpuUsage();
  const out: Record<string, number> = { 'load generator': (self.user + self.system) / 1e6 };
  for (const [role, pid] of Object.entries(pids)) out[role] = processCpu(pid)?.cpu ?? 0;
  return out;
}

/** The chosen stack with nothing of ours: Fastify and @fastify/reply-from (the engine of
 * @fastify/http-proxy), no logger, one route, the gateway's undici pool settings. */
export async function bareStackHop(upstream: string) {
  const { default: Fastify } = await import('fastify');
  const { default: replyFrom } = await import('@fastify/reply-from');
  const app = Fastify({ logger: false });
  await app.register(replyFrom, { undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 } });
  app.get('/api/v1/games', (req, reply) => reply.from(upstream + req.url));
  return app;
}

/** The whole gateway as the benchmarks run it: silent, rate limits out of reach, an in-memory bus. */
export async function benchGateway(opts: {
  upstreams: Record<string, string>;
  verifier: import('@bet/kit').TokenVerifier;
  redis: string | null;
}) {
  const { createLogger, MemoryBus, MemoryCache } = await import('@bet/kit');
  const { createGateway, loadGatewayConfig } = await import('../gateway/src/index');
  const logger = createLogger('bench', 'silent');
  return createGateway({
    config: loadGatewayConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      BUS_PREFIX: `bench${process.pid}`,
    }),
    logger,
    verifier: opts.verifier,
    bus: new MemoryBus(logger),
    cache: new MemoryCache(),
    redis: opts.redis,
    upstreams: opts.upstreams,
  });
}
