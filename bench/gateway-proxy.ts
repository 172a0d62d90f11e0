/**
 * Throughput and latency through the gateway to a trivial upstream, against the same
 * upstream called directly.
 *
 *   node --import tsx bench/gateway-proxy.ts [--seconds 5] [--concurrency 32] [--no-redis]
 *
 * The upstream and the gateway each run in their own child process; this process only
 * generates load (keep-alive connections through an undici Pool, one request in flight per
 * connection). Scenarios: direct; a bare node:http + undici hop (the floor of any Node hop);
 * bare Fastify + @fastify/reply-from (the chosen stack with nothing of ours); gateway on a
 * public route; gateway on a user route (token verified at the edge); the same with the rate
 * limits in Redis (if Redis answers).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { generateAuthKeys, newId, TokenSigner, TokenVerifier } from '@bet/kit';
import { Pool } from 'undici';
import { childModule } from './child-args';
import { bareStackHop, benchGateway, cpuSeconds, load, serveTrivialUpstream } from './http-load';

const role = process.argv[2];

if (role === 'upstream') {
  serveTrivialUpstream();
} else if (role === 'floor') {
  // the least a Node proxy does: node:http in, an undici pool out, the body streamed back
  const pool = new Pool(process.argv[3], { connections: 128, pipelining: 1 });
  const server = createServer((req, res) => {
    pool.request({ method: req.method as 'GET', path: req.url!, headers: req.headers }, (err, up) => {
      if (err) {
        res.writeHead(502).end();
        return;
      }
      res.writeHead(up.statusCode, up.headers as Record<string, string>);
      up.body.pipe(res);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  // told to stop: exit by itself, so a CPU profile (BENCH_CPU_PROF) is written
  process.on('message', () => process.exit(0));
} else if (role === 'stack') {
  const app = await bareStackHop(process.argv[3]!);
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.keepAliveTimeout = 60_000;
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('message', () => process.exit(0));
} else if (role === 'gateway') {
  const [upstream, publicKeyPem, redis] = process.argv.slice(3);
  const gw = await benchGateway({
    upstreams: { games: upstream!, wallet: upstream! },
    verifier: await TokenVerifier.create(publicKeyPem!, 'bet-platform'),
    redis: redis === 'none' ? null : redis!,
  });
  const url = await gw.listen(0, '127.0.0.1');
  process.send!({ port: Number(new URL(url).port) });
  process.on('message', async () => {
    await gw.close();
    process.exit(0);
  });
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '32' },
      'no-redis': { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const concurrency = Number(values.concurrency);
  const keys = await generateAuthKeys();
  const token = await (await TokenSigner.create(keys.privateKeyPem, 'bet-platform', 3600)).signAccess({
    id: newId(),
    role: 'user',
    username: 'bench',
  });

  const children: ReturnType<typeof fork>[] = [];
  const entry = await childModule(import.meta.url);
  const pids: Record<string, number> = {};
  const start = (args: string[]) =>
    new Promise<number>((resolve, reject) => {
      const child = fork(entry.path, args, { execArgv: entry.execArgv });
      children.push(child);
      pids[args[0] === 'gateway' ? `gateway ${args[3]}` : args[0]!] = child.pid!;
      child.once('message', (m: any) => resolve(m.port));
      child.once('error', reject);
    });

  try {
    const upstreamPort = await start(['upstream']);
    const upstream = `http://127.0.0.1:${upstreamPort}`;
    const floorPort = await start(['floor', upstream]);
    const stackPort = await start(['stack', upstream]);
    const memoryPort = await start(['gateway', upstream, keys.publicKeyPem, 'none']);
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const useRedis = !values['no-redis'] && (await redisAnswers(redisUrl));
    const redisPort = useRedis ? await start(['gateway', upstream, keys.publicKeyPem, redisUrl]) : null;
    // which child proxies each scenario, by its port: the one whose CPU is the hop's cost
    const ports: Record<string, number | null> = {
      floor: floorPort,
      stack: stackPort,
      'gateway none': memoryPort,
      [`gateway ${redisUrl}`]: redisPort,
    };

    const scenarios: Array<[string, string, string, Record<string, string>]> = [
      ['direct to the upstream', upstream, '/api/v1/games', {}],
      ['bare node:http + undici proxy (floor)', `http://127.0.0.1:${floorPort}`, '/api/v1/games', {}],
      ['bare Fastify + reply-from (the stack)', `http://127.0.0.1:${stackPort}`, '/api/v1/games', {}],
      ['gateway, public route', `http://127.0.0.1:${memoryPort}`, '/api/v1/games', {}],
      [
        'gateway, user route (token checked)',
        `http://127.0.0.1:${memoryPort}`,
        '/api/v1/wallet',
        { authorization: `Bearer ${token}` },
      ],
    ];
    if (redisPort) {
      scenarios.push([
        'gateway, public route, Redis limits',
        `http://127.0.0.1:${redisPort}`,
        '/api/v1/games',
        {},
      ]);
    }

    console.log(
      `gateway proxy benchmark: ${seconds}s per scenario, ${concurrency} connections, 1 request in flight each`,
    );
    console.log(
      `${'scenario'.padEnd(40)} ${'req/s'.padStart(9)} ${'share'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}   CPU µs per request: proxy / upstream / load generator`,
    );
    let direct = 0;
    for (const [name, origin, path, headers] of scenarios) {
      await load(origin, path, headers, 3, concurrency); // warm-up: the JIT settles
      const port = Number(new URL(origin).port);
      const proxy = Object.entries(ports).find(([, p]) => p === port)?.[0] ?? null;
      const before = cpuSeconds(pids);
      const r = await load(origin, path, headers, seconds, concurrency);
      const after = cpuSeconds(pids);
      const perRequest = (role: string) => (((after[role] ?? 0) - (before[role] ?? 0)) * 1e6) / r.requests;
      direct ||= r.rps;
      const cpu = [proxy ? perRequest(proxy) : 0, perRequest('upstream'), perRequest('load generator')];
      console.log(
        `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(9)} ${`${((100 * r.rps) / direct).toFixed(0)}%`.padStart(6)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.errors).padStart(7)}   ${cpu.map((c) => c.toFixed(0)).join(' / ')}`,
      );
    }
    if (!redisPort) console.log('(Redis not reachable or --no-redis: the Redis scenario was skipped)');
  } finally {
    for (const c of children) {
      c.send?.('stop');
      setTimeout(() => c.kill(), 2_000).unref();
    }
  }
}

async function redisAnswers(url: string) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
