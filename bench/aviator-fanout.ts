/**
 * Aviator's fan-out: ticks at 10 Hz over core NATS to one gateway, which emits them to N
 * socket.io clients (visitors: no token, the public Aviator room).
 *
 *   node --import tsx bench/aviator-fanout.ts [--clients 1000,5000,10000] [--seconds 10]
 *
 * The gateway runs in its own process on the real NATS (its own subject prefix); this process
 * publishes `aviator.tick` with the server time in it, as the round clock does, and holds the
 * clients. Printed per client count: p50/p99/max delay from the tick's server time to its
 * arrival at a client, messages per second delivered, and the gateway's CPU and memory.
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createLogger, generateAuthKeys, MemoryCache, NatsBus, TokenVerifier } from '@bet/kit';
import { AviatorTick } from '@bet/proto-events';
import { io, type Socket } from 'socket.io-client';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const role = process.argv[2];

if (role === 'gateway') {
  const [prefix, publicKeyPem] = process.argv.slice(3);
  const { createGateway, loadGatewayConfig } = await import('../gateway/src/index');
  const logger = createLogger('bench', 'silent');
  const bus = await NatsBus.connect({ url: NATS_URL, prefix, name: 'bench-gateway', logger });
  const gw = await createGateway({
    config: loadGatewayConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', BUS_PREFIX: prefix }),
    logger,
    verifier: await TokenVerifier.create(publicKeyPem, 'bet-platform'),
    bus,
    cache: new MemoryCache(),
    redis: null,
    upstreams: {},
  });
  const url = await gw.listen(0, '127.0.0.1');
  process.send!({ port: Number(new URL(url).port) });
  let cpu = process.cpuUsage();
  let at = Date.now();
  process.on('message', async (m: any) => {
    if (m === 'sample-start') {
      cpu = process.cpuUsage();
      at = Date.now();
    } else if (m === 'sample') {
      const used = process.cpuUsage(cpu);
      const ms = Date.now() - at;
      process.send!({
        cpuPercent: ((used.user + used.system) / 1000 / ms) * 100,
        rssMb: process.memoryUsage().rss / 1e6,
      });
    } else if (m === 'stop') {
      await gw.close();
      await bus.close();
      process.exit(0);
    }
  });
} else {
  await main();
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '1000,5000,10000' },
      seconds: { type: 'string', default: '10' },
    },
  });
  const seconds = Number(values.seconds);
  const prefix = `bench${process.pid}`;
  const keys = await generateAuthKeys();
  const gateway = fork(new URL(import.meta.url).pathname, ['gateway', prefix, keys.publicKeyPem], {
    execArgv: ['--import', 'tsx'],
  });
  const ask = <T>(m: string) =>
    new Promise<T>((resolve) => {
      gateway.once('message', (r: any) => resolve(r));
      gateway.send(m);
    });
  const port = await new Promise<number>((resolve) => gateway.once('message', (m: any) => resolve(m.port)));
  const bus = await NatsBus.connect({
    url: NATS_URL,
    prefix,
    name: 'bench-clock',
    logger: createLogger('bench', 'silent'),
  });

  const sockets: Socket[] = [];
  const delays: number[] = [];
  let received = 0;
  let measuring = false;
  console.log(`gateway on :${port}; ${seconds} s of ticks at 10 Hz per client count`);
  console.log('clients  p50 ms  p99 ms  max ms  msgs/s   gateway CPU %  gateway RSS MB');
  try {
    for (const n of values.clients.split(',').map(Number)) {
      while (sockets.length < n) {
        const batch = Math.min(250, n - sockets.length);
        await Promise.all(
          Array.from({ length: batch }, () => {
            const s = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
            s.on('aviator:tick', (p: { serverTime?: number }) => {
              if (!measuring || typeof p.serverTime !== 'number') return;
              received++;
              delays.push(Date.now() - p.serverTime);
            });
            sockets.push(s);
            return new Promise<void>((resolve) => {
              s.once('connect', () => resolve());
              s.once('connect_error', () => resolve());
            });
          }),
        );
      }
      const connected = sockets.filter((s) => s.connected).length;
      delays.length = 0;
      received = 0;
      measuring = true;
      gateway.send('sample-start');
      const started = Date.now();
      let m = 100;
      const timer = setInterval(() => {
        m += 1;
        bus.broadcast(AviatorTick.subject, { multiplier: m / 100, serverTime: Date.now() });
      }, 100);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 500));
      measuring = false;
      const stats = await ask<{ cpuPercent: number; rssMb: number }>('sample');
      const elapsed = (Date.now() - started) / 1000;
      delays.sort((a, b) => a - b);
      console.log(
        [
          String(connected).padStart(7),
          String(percentile(delays, 50)).padStart(7),
          String(percentile(delays, 99)).padStart(7),
          String(delays[delays.length - 1] ?? Number.NaN).padStart(7),
          String(Math.round(received / elapsed)).padStart(8),
          stats.cpuPercent.toFixed(0).padStart(14),
          stats.rssMb.toFixed(0).padStart(15),
        ].join(' '),
      );
    }
  } finally {
    for (const s of sockets) s.close();
    gateway.send('stop');
    await bus.close();
  }
}
