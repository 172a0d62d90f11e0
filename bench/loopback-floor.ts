/**
 * The floor under any fan-out on this machine: a bare Node TCP server writing one small frame
 * (the size of an Aviator tick) to each of N loopback sockets held open by another process,
 * 10 times a second. No socket.io, no websocket: one `socket.write` per connection. What the
 * write loop takes here is what the gateway's tick loop cannot go below.
 *
 *   node --import tsx bench/loopback-floor.ts [--sockets 1000,5000,10000] [--ticks 50]
 */
import { fork } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { parseArgs } from 'node:util';

if (process.argv[2] === 'client') {
  const [port, count] = process.argv.slice(3).map(Number);
  const held: Socket[] = [];
  let received = 0;
  for (let i = 0; i < count; i++) {
    const s = connect(port, '127.0.0.1');
    s.on('data', () => {
      received += 1;
    });
    s.on('error', () => {});
    held.push(s);
    if (i % 250 === 249) await new Promise((r) => setTimeout(r, 20));
  }
  process.send!('connected');
  process.on('message', () => {
    process.send!({ received });
    for (const s of held) s.destroy();
    process.exit(0);
  });
} else {
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string', default: '1000,5000,10000' },
      ticks: { type: 'string', default: '50' },
    },
  });
  const frame = Buffer.concat([
    Buffer.from([0x81, 52]),
    Buffer.from('42["aviator:tick",{"multiplier":1.23,"serverTime":1}]'.padEnd(52)),
  ]);
  console.log('sockets  loop p50 ms  loop p99 ms  µs per write  CPU µs per write (sys)');
  for (const n of values.sockets.split(',').map(Number)) {
    const conns: Socket[] = [];
    const server = createServer((c) => {
      c.setNoDelay(true);
      conns.push(c);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const child = fork(new URL(import.meta.url).pathname, ['client', String(port), String(n)], {
      execArgv: ['--import', 'tsx'],
    });
    await new Promise((r) => child.once('message', r));
    while (conns.length < n) await new Promise((r) => setTimeout(r, 20));
    const loops: number[] = [];
    const cpuAtStart = process.cpuUsage();
    for (let t = 0; t < Number(values.ticks); t++) {
      const started = performance.now();
      for (const c of conns) c.write(frame);
      loops.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
    // what the writes cost this process, however long the machine kept it waiting
    const cpu = process.cpuUsage(cpuAtStart);
    const perWrite = (us: number) => (us / (Number(values.ticks) * n)).toFixed(1);
    loops.sort((a, b) => a - b);
    const p = (q: number) => loops[Math.min(loops.length - 1, Math.floor(q * loops.length))];
    console.log(
      [
        String(n).padStart(7),
        p(0.5).toFixed(1).padStart(12),
        p(0.99).toFixed(1).padStart(12),
        ((p(0.5) * 1000) / n).toFixed(1).padStart(13),
        `${perWrite(cpu.user + cpu.system)} (${perWrite(cpu.system)})`.padStart(23),
      ].join(' '),
    );
    child.send('done');
    await new Promise((r) => child.once('exit', r));
    for (const c of conns) c.destroy();
    await new Promise((r) => server.close(r));
  }
}
