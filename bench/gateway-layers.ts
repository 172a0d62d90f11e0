/**
 * Where the gateway's CPU per proxied request goes: the same public GET through hops built up
 * one layer at a time, from the chosen stack alone to the whole gateway.
 *
 *   node --import tsx bench/gateway-layers.ts [--seconds 4] [--rounds 5] [--concurrency 32]
 *
 * Layers, each hop having all the ones before it:
 *   stack     Fastify + @fastify/reply-from, no logger, one route
 *   server    the gateway's Fastify (pino, request ids, path check, error shape, drain on
 *             close) and its proxy (the route table, header rewriting, whole answers)
 *   metrics   + the kit's request metrics (prom-client)
 *   headers   + the security headers (helmet's, recorded once)
 *   limits    + the per-IP rate limits (in memory)
 *   gateway   createGateway itself (+ CORS, OpenAPI, web routes, socket.io, the bus bridge)
 * Each hop runs alone in its own child process against the same trivial upstream; the figures
 * are the hop's CPU and the load generator's per request (the generator reads every header
 * the hop adds), the median of the rounds: the rounds go through every layer in turn, so a
 * machine that slows for a while (a shared one does) weighs on every layer alike.
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createLogger, generateAuthKeys, installObservability, TokenVerifier } from '@bet/kit';
import { childModule } from './child-args';
import { bareStackHop, benchGateway, cpuSeconds, load, serveTrivialUpstream } from './http-load';

const LAYERS = ['stack', 'server', 'metrics', 'headers', 'limits', 'gateway'] as const;
type Layer = (typeof LAYERS)[number];
// a child is started with its role first; the command line starts with options or nothing
const role = process.argv[2]?.startsWith('-') ? undefined : process.argv[2];

if (role === 'upstream') serveTrivialUpstream();
else if (role) await serveHop(role as Layer, process.argv[3]!);
else await main();

async function serveHop(layer: Layer, upstream: string) {
  const upTo = (l: Layer) => LAYERS.indexOf(layer) >= LAYERS.indexOf(l);
  const logger = createLogger('bench', 'silent');
  const verifier = await TokenVerifier.create((await generateAuthKeys()).publicKeyPem, 'bet-platform');
  let app: { listen(o: { port: number; host: string }): Promise<string>; server: import('node:http').Server };
  if (layer === 'stack') {
    app = await bareStackHop(upstream);
  } else if (layer === 'gateway') {
    app = (await benchGateway({ upstreams: { games: upstream }, verifier, redis: null })).app;
  } else {
    const { createHttpServer } = await import('../gateway/src/http/server');
    const { registerProxy } = await import('../gateway/src/http/proxy');
    const security = await import('../gateway/src/http/security');
    const server = createHttpServer({ logger, bodyLimit: 1 << 20, trustProxy: false });
    if (upTo('metrics')) installObservability(server, 'gateway', { forwardTrace: true });
    if (upTo('headers')) {
      await security.registerSecurityHeaders(server, { scriptHashes: () => [], https: false });
      security.registerSharedImages(server);
    }
    if (upTo('limits'))
      await security.registerRateLimit(server, {
        max: 1e8,
        timeWindow: 60_000,
        redis: null,
        nameSpace: 'bench:',
      });
    const unlimited = { max: 1e8, timeWindow: 60_000 };
    await registerProxy(server, {
      upstreams: { games: upstream },
      verifier,
      uploadBodyLimit: 1 << 20,
      timeoutMs: 10_000,
      limits: { auth: unlimited, reset: unlimited, refresh: unlimited },
    });
    app = server;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.keepAliveTimeout = 60_000;
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('message', () => process.exit(0));
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '32' },
    },
  });
  const seconds = Number(values.seconds);
  const concurrency = Number(values.concurrency);
  const entry = await childModule(import.meta.url);
  const start = (args: string[]) =>
    new Promise<{ port: number; child: ReturnType<typeof fork> }>((resolve, reject) => {
      const child = fork(entry.path, args, { execArgv: entry.execArgv });
      child.once('message', (m: any) => resolve({ port: m.port, child }));
      child.once('error', reject);
    });
  const upstream = await start(['upstream']);
  const origin = `http://127.0.0.1:${upstream.port}`;
  const figures = new Map<Layer, Array<{ rps: number; hop: number; generator: number }>>();
  console.log(
    `gateway layers: ${seconds}s per hop and round, ${values.rounds} rounds, ${concurrency} in flight`,
  );
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const layer of LAYERS) {
        const hop = await start([layer, origin]);
        const at = `http://127.0.0.1:${hop.port}`;
        await load(at, '/api/v1/games', {}, 2, concurrency); // warm-up: the JIT settles
        const pids = { hop: hop.child.pid! };
        const before = cpuSeconds(pids);
        const r = await load(at, '/api/v1/games', {}, seconds, concurrency);
        const after = cpuSeconds(pids);
        if (r.errors > 0) throw new Error(`${layer}: ${r.errors} requests failed`);
        const perRequest = (k: string) => ((after[k]! - before[k]!) * 1e6) / r.requests;
        (figures.get(layer) ?? figures.set(layer, []).get(layer)!).push({
          rps: r.rps,
          hop: perRequest('hop'),
          generator: perRequest('load generator'),
        });
        hop.child.send('stop');
      }
    }
  } finally {
    upstream.child.send('stop');
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  console.log(
    `${'layer'.padEnd(10)} ${'req/s'.padStart(8)} ${'hop µs/req'.padStart(11)} ${'added'.padStart(6)} ${'generator µs/req'.padStart(17)}`,
  );
  let previous: number | null = null;
  for (const layer of LAYERS) {
    const runs = figures.get(layer)!;
    const hop = median(runs.map((r) => r.hop));
    console.log(
      `${layer.padEnd(10)} ${median(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(
          8,
        )} ${hop.toFixed(0).padStart(11)} ${(previous === null ? '' : `${hop >= previous ? '+' : ''}${(hop - previous).toFixed(0)}`).padStart(6)} ${median(
        runs.map((r) => r.generator),
      )
        .toFixed(0)
        .padStart(17)}`,
    );
    previous = hop;
  }
}
