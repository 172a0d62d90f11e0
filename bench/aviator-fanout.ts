/**
 * Aviator's fan-out: ticks (5 Hz, the round clock's AVIATOR_TICK_PUSH_MS default; `--hz`) over core NATS to one gateway, which emits them to N
 * socket.io clients (visitors: no token, the public Aviator room).
 *
 *   node --import tsx bench/aviator-fanout.ts [--clients 1000,5000,10000] [--seconds 10] [--workers 2] [--hz 5]
 *
 * The gateway runs in its own process on the real NATS (its own subject prefix); this process
 * publishes `aviator.tick` with the server time in it, as the round clock does. The clients are
 * spread over `--workers` processes and speak the socket.io wire protocol over bare TCP
 * (the websocket upgrade, engine.io open, `40` connect, `42[event, data]` frames, `2`/`3`
 * pings), so the load generator measures the gateway rather than its own decoding (one process
 * with socket.io-client could not keep up with 50 000 frames a second: the earlier figures were
 * its backlog). Printed per client count: p50/p99/max delay from the tick's server time to its
 * arrival at a client, messages per second delivered, the gateway's CPU (with its system share,
 * and per frame delivered: the figure that still holds when other work shares the machine) and
 * memory, the mean time of one tick's loop over the gateway's sockets, and the client processes'
 * CPU (whether the generators are the bound). `bench/loopback-floor.ts` prints what a bare write
 * loop over as many sockets takes on the same machine, and its CPU per write.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import {
  createLogger,
  generateAuthKeys,
  MemoryCache,
  NatsBus,
  socketBroadcastDuration,
  TokenVerifier,
} from '@bet/kit';
import { AviatorTick } from '@bet/proto-events';
import { childModule } from './child-args';

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
  // the gateway's own figure for one tick's loop over its sockets (its /metrics histogram)
  const loops = async () => {
    const { values } = await socketBroadcastDuration.get();
    const of = (name: string) =>
      values.find((v) => v.metricName === name && v.labels.event === 'aviator:tick')?.value ?? 0;
    return {
      sum: of('socket_broadcast_duration_seconds_sum'),
      count: of('socket_broadcast_duration_seconds_count'),
    };
  };
  let loopsAtStart = await loops();
  process.on('message', async (m: any) => {
    if (m === 'sample-start') {
      cpu = process.cpuUsage();
      at = Date.now();
      loopsAtStart = await loops();
    } else if (m === 'sample') {
      const used = process.cpuUsage(cpu);
      const ms = Date.now() - at;
      const now = await loops();
      process.send!({
        cpuPercent: ((used.user + used.system) / 1000 / ms) * 100,
        sysPercent: (used.system / 1000 / ms) * 100,
        rssMb: process.memoryUsage().rss / 1e6,
        loopMs: ((now.sum - loopsAtStart.sum) / Math.max(1, now.count - loopsAtStart.count)) * 1000,
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
 * A websocket client reduced to what the bench needs (RFC 6455: the upgrade, unmasked text
 * frames in, masked text frames out), so that one process can stand in for thousands of
 * browsers without its own decoding becoming the delay it measures.
 */
function rawWebSocket(
  port: number,
  path: string,
  onText: (text: string, arrived: number, send: (text: string) => void) => void,
): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  const send = (text: string) => {
    const payload = Buffer.from(text);
    const mask = randomBytes(4);
    const frame = Buffer.alloc(6 + payload.length);
    frame[0] = 0x81;
    frame[1] = 0x80 | payload.length; // the client only sends '40' and '3'
    mask.copy(frame, 2);
    for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i] ^ mask[i % 4];
    socket.write(frame);
  };
  let upgraded = false;
  let pending: Buffer = Buffer.alloc(0);
  socket.on('connect', () =>
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    ),
  );
  socket.on('data', (chunk: Buffer) => {
    const arrived = Date.now();
    let buf: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        pending = buf;
        return;
      }
      if (!buf.toString('latin1', 0, 12).includes(' 101')) {
        socket.destroy();
        return;
      }
      upgraded = true;
      buf = buf.subarray(end + 4);
    }
    while (buf.length >= 2) {
      let length = buf[1] & 0x7f;
      let header = 2;
      if (length === 126) {
        if (buf.length < 4) break;
        length = buf.readUInt16BE(2);
        header = 4;
      } else if (length === 127) {
        if (buf.length < 10) break;
        length = Number(buf.readBigUInt64BE(2));
        header = 10;
      }
      if (buf.length < header + length) break;
      const opcode = buf[0] & 0x0f;
      if (opcode === 1) onText(buf.toString('latin1', header, header + length), arrived, send);
      else if (opcode === 8) socket.destroy();
      buf = buf.subarray(header + length);
    }
    pending = buf.length > 0 ? Buffer.from(buf) : Buffer.alloc(0);
  });
  return socket;
}

/**
 * One load-generating process: `n` visitor connections (no token), each answering pings and
 * timing every `aviator:tick` from its server time, while the parent says it is measuring.
 */
const TICK_FRAME = '42["aviator:tick",';
const SERVER_TIME = '"serverTime":';

async function clients() {
  const port = Number(process.argv[3]);
  let measuring = false;
  let delays: number[] = [];
  let cpu = process.cpuUsage();
  let at = Date.now();
  const sockets: Socket[] = [];
  const onText = (text: string, arrived: number, send: (t: string) => void, ready: () => void) => {
    if (text === '2') send('3');
    else if (text.startsWith('42')) {
      if (measuring && text.startsWith(TICK_FRAME)) {
        const at = text.indexOf(SERVER_TIME);
        if (at > 0) delays.push(arrived - Number.parseInt(text.slice(at + SERVER_TIME.length), 10));
      }
    } else if (text.startsWith('40')) ready();
    else if (text.startsWith('0')) send('40');
  };
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = rawWebSocket(port, '/socket.io/?EIO=4&transport=websocket', (text, arrived, send) =>
        onText(text, arrived, send, resolve),
      );
      sockets.push(socket);
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
  process.on('message', async (m: any) => {
    if (m?.add) {
      for (let i = 0; i < m.add; i += 250)
        await Promise.all(Array.from({ length: Math.min(250, m.add - i) }, open));
      process.send!({ connected: sockets.filter((w) => !w.destroyed).length });
    } else if (m === 'measure') {
      delays = [];
      measuring = true;
      cpu = process.cpuUsage();
      at = Date.now();
    } else if (m === 'report') {
      measuring = false;
      const used = process.cpuUsage(cpu);
      process.send!({ delays, cpuPercent: ((used.user + used.system) / 1000 / (Date.now() - at)) * 100 });
    } else if (m === 'stop') {
      for (const w of sockets) w.destroy();
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
      hz: { type: 'string', default: '5' },
    },
  });
  const seconds = Number(values.seconds);
  const hz = Number(values.hz);
  const prefix = `bench${process.pid}`;
  const keys = await generateAuthKeys();
  const entry = await childModule(import.meta.url);
  const gateway = fork(entry.path, ['gateway', prefix, keys.publicKeyPem], {
    execArgv: entry.execArgv,
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
    fork(entry.path, ['clients', String(port)], { execArgv: entry.execArgv }),
  );
  const reply = <T>(w: ReturnType<typeof fork>, m: unknown) =>
    new Promise<T>((resolve) => {
      w.once('message', (r: any) => resolve(r));
      w.send(m as any);
    });
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  let connected = 0;
  console.log(
    `gateway on :${port}; ${seconds} s of ticks at ${hz} Hz per client count; ${workers.length} client processes`,
  );
  console.log(
    'clients  p50 ms  p99 ms  max ms  msgs/s   gateway CPU % (sys)  µs/frame  gateway RSS MB  tick loop ms  client processes CPU %',
  );
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
      }, 1000 / hz);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 500));
      const stats = await ask<{ cpuPercent: number; sysPercent: number; rssMb: number; loopMs: number }>(
        'sample',
      );
      const reports = await Promise.all(
        workers.map((w) => reply<{ delays: number[]; cpuPercent: number }>(w, 'report')),
      );
      const elapsed = (Date.now() - started) / 1000;
      const delays = reports.flatMap((r) => r.delays).sort((a, b) => a - b);
      console.log(
        [
          String(connected).padStart(7),
          String(percentile(delays, 50)).padStart(7),
          String(percentile(delays, 99)).padStart(7),
          String(delays[delays.length - 1] ?? Number.NaN).padStart(7),
          String(Math.round(delays.length / elapsed)).padStart(8),
          `${stats.cpuPercent.toFixed(0)} (${stats.sysPercent.toFixed(0)})`.padStart(20),
          // the gateway's CPU per frame delivered: what a tick costs it, whatever the machine's load
          ((stats.cpuPercent / 100 / (delays.length / elapsed)) * 1e6).toFixed(1).padStart(9),
          stats.rssMb.toFixed(0).padStart(15),
          stats.loopMs.toFixed(1).padStart(13),
          reports
            .map((r) => r.cpuPercent.toFixed(0))
            .join(' + ')
            .padStart(23),
        ].join(' '),
      );
    }
  } finally {
    for (const w of workers) w.send('stop');
    gateway.send('stop');
    await bus.close();
  }
}
