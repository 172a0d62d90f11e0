/**
 * Aviator's fan-out: ticks at 10 Hz over core NATS to one gateway, which emits them to N
 * socket.io clients (visitors: no token, the public Aviator room).
 *
 *   node --import tsx bench/aviator-fanout.ts [--clients 1000,5000,10000] [--seconds 10] [--workers 2]
 *
 * The gateway runs in its own process on the real NATS (its own subject prefix); this process
 * publishes `aviator.tick` with the server time in it, as the round clock does. The clients are
 * spread over `--workers` processes and speak the socket.io wire protocol over plain `ws`
 * (engine.io open, `40` connect, `42[event, data]` frames, `2`/`3` pings), so the load
 * generator measures the gateway rather than its own decoding (one process with socket.io-client
 * could not keep up with 50 000 frames a second: the earlier figures were its backlog).
 * Printed per client count: p50/p99/max delay from the tick's server time to its arrival at a
 * client, messages per second delivered, and the gateway's CPU and memory.
 */
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createLogger, generateAuthKeys, MemoryCache, NatsBus, TokenVerifier } from '@bet/kit';
import { AviatorTick } from '@bet/proto-events';
import WebSocket from 'ws';

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
} else if (role === 'clients') {
  await clients();
} else {
  await main();
}

/**
 * One load-generating process: `n` visitor connections (no token), each answering pings and
 * timing every `aviator:tick` from its server time, while the parent says it is measuring.
 */
async function clients() {
  const port = Number(process.argv[3]);
  let measuring = false;
  let delays: number[] = [];
  const sockets: WebSocket[] = [];
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
      sockets.push(ws);
      ws.on('message', (raw) => {
        const frame = raw.toString();
        if (frame === '2') ws.send('3');
        else if (frame.startsWith('0')) ws.send('40');
        else if (frame.startsWith('40')) resolve();
        else if (frame.startsWith('42') && measuring) {
          const [event, data] = JSON.parse(frame.slice(2)) as [string, { serverTime?: number }];
          if (event === 'aviator:tick' && typeof data?.serverTime === 'number')
            delays.push(Date.now() - data.serverTime);
        }
      });
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
  process.on('message', async (m: any) => {
    if (m?.add) {
      for (let i = 0; i < m.add; i += 250)
        await Promise.all(Array.from({ length: Math.min(250, m.add - i) }, open));
      process.send!({ connected: sockets.filter((w) => w.readyState === WebSocket.OPEN).length });
    } else if (m === 'measure') {
      delays = [];
      measuring = true;
    } else if (m === 'report') {
      measuring = false;
      process.send!({ delays });
    } else if (m === 'stop') {
      for (const w of sockets) w.terminate();
      process.exit(0);
    }
  });
  process.send!({ ready: true });
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
      workers: { type: 'string', default: '2' },
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

  const workers = Array.from({ length: Number(values.workers) }, () =>
    fork(new URL(import.meta.url).pathname, ['clients', String(port)], { execArgv: ['--import', 'tsx'] }),
  );
  const reply = <T>(w: ReturnType<typeof fork>, m: unknown) =>
    new Promise<T>((resolve) => {
      w.once('message', (r: any) => resolve(r));
      w.send(m as any);
    });
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  let connected = 0;
  console.log(
    `gateway on :${port}; ${seconds} s of ticks at 10 Hz per client count; ${workers.length} client processes`,
  );
  console.log('clients  p50 ms  p99 ms  max ms  msgs/s   gateway CPU %  gateway RSS MB');
  try {
    for (const n of values.clients.split(',').map(Number)) {
      const add = Math.max(0, n - connected);
      const counts = await Promise.all(
        workers.map((w, i) =>
          reply<{ connected: number }>(w, {
            add: Math.floor(add / workers.length) + (i < add % workers.length ? 1 : 0),
          }),
        ),
      );
      connected = counts.reduce((a, c) => a + c.connected, 0);
      for (const w of workers) w.send('measure');
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
      const stats = await ask<{ cpuPercent: number; rssMb: number }>('sample');
      const reports = await Promise.all(workers.map((w) => reply<{ delays: number[] }>(w, 'report')));
      const elapsed = (Date.now() - started) / 1000;
      const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
      console.log(
        [
          String(connected).padStart(7),
          String(percentile(delays, 50)).padStart(7),
          String(percentile(delays, 99)).padStart(7),
          String(delays[delays.length - 1] ?? Number.NaN).padStart(7),
          String(Math.round(delays.length / elapsed)).padStart(8),
          stats.cpuPercent.toFixed(0).padStart(14),
          stats.rssMb.toFixed(0).padStart(15),
        ].join(' '),
      );
    }
  } finally {
    for (const w of workers) w.send('stop');
    gateway.send('stop');
    await bus.close();
  }
}
