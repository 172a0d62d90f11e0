import { createServer, type Server as HttpServer } from 'node:http';
import { eventually } from '@bet/kit/testing';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventPacket, LocalFanout, textFrame } from '../src/realtime/fanout';

describe('the shared-frame fan-out', () => {
  let http: HttpServer;
  let io: Server;
  let fanout: LocalFanout;
  let url: string;
  const clients: Socket[] = [];

  beforeAll(async () => {
    http = createServer();
    io = new Server(http, { serveClient: false });
    fanout = new LocalFanout(io);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const address = http.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await eventually(() => io.of('/').sockets.size === 0);
  });
  afterAll(async () => {
    await io.close();
  });

  const open = async (transport: 'websocket' | 'polling' | 'upgrading') => {
    const socket = connectSocket(url, {
      transports: transport === 'upgrading' ? ['polling', 'websocket'] : [transport],
      forceNew: true,
      reconnection: false,
    });
    clients.push(socket);
    const seen: Array<[string, unknown]> = [];
    socket.onAny((event, data) => seen.push([event, data]));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, seen };
  };

  it('builds the frame a websocket client decodes as the event', () => {
    expect(eventPacket('aviator:tick', { multiplier: 1.5 })).toBe('42["aviator:tick",{"multiplier":1.5}]');
    const small = textFrame('42[]');
    expect([...small.subarray(0, 2)]).toEqual([0x81, 4]);
    const large = textFrame('x'.repeat(300));
    expect([...large.subarray(0, 4)]).toEqual([0x81, 126, 1, 44]);
    expect(large.length).toBe(304);
    const huge = textFrame('y'.repeat(70_000));
    expect([...huge.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
    expect(huge.subarray(10).toString()).toBe('y'.repeat(70_000));
  });

  it('reaches websocket and long-polling clients alike, writing the websockets directly', async () => {
    const ws = await open('websocket');
    const polling = await open('polling');
    await eventually(() => io.of('/').sockets.size === 2);
    const sent = fanout.emit('aviator:state', { state: 'betting', multiplier: 1 });
    expect(sent).toEqual({ direct: 1, viaSocketIo: 1, skipped: 0 });
    for (const c of [ws, polling]) await eventually(() => c.seen.some(([e]) => e === 'aviator:state'), 5_000);
    for (const c of [ws, polling])
      expect(c.seen).toEqual([['aviator:state', { state: 'betting', multiplier: 1 }]]);
    for (const c of [ws, polling]) c.socket.close();
    await eventually(() => io.of('/').sockets.size === 0);
  });

  it('never overtakes output socket.io still holds for a socket; volatile ticks may be skipped, never reordered', async () => {
    const ws = await open('websocket');
    await eventually(() => io.of('/').sockets.size === 1);
    const [server] = io.of('/').sockets.values();
    // socket.io's own write leaves the transport busy until the kernel takes it, so what
    // follows in the same turn must queue behind it
    server.emit('aviator:state', { state: 'running', multiplier: 1 });
    const ticks = [1.01, 1.02, 1.03].map((m) =>
      fanout.emit('aviator:tick', { multiplier: m }, { volatile: true }),
    );
    const crash = fanout.emit('aviator:crash', { multiplier: 1.03 });
    expect(ticks.every((t) => t.direct === 0)).toBe(true);
    expect(crash).toEqual({ direct: 0, viaSocketIo: 1, skipped: 0 });
    await eventually(() => ws.seen.some(([e]) => e === 'aviator:crash'));
    const names = ws.seen.map(([e]) => e);
    expect(names[0]).toBe('aviator:state');
    expect(names.at(-1)).toBe('aviator:crash');
    const multipliers = ws.seen
      .filter(([e]) => e === 'aviator:tick')
      .map(([, d]) => (d as { multiplier: number }).multiplier);
    expect(multipliers).toEqual([...multipliers].sort());
    // once drained, the next broadcast goes straight to the socket again
    await eventually(() => fanout.emit('aviator:tick', { multiplier: 1.5 }, { volatile: true }).direct === 1);
    await eventually(() =>
      ws.seen.some(([e, d]) => e === 'aviator:tick' && (d as { multiplier: number }).multiplier === 1.5),
    );
  });

  it('queues no volatile ticks for a client that has stopped reading: each waits for the last to leave', async () => {
    const ws = await open('websocket');
    await eventually(() => io.of('/').sockets.size === 1);
    const [server] = io.of('/').sockets.values();
    const raw = (server.conn as any).transport.socket._socket as { writableLength: number };
    // the client's end stops reading: the kernel's buffers fill, then Node's would grow
    ((ws.socket.io.engine as any).transport.ws._socket as { pause(): void }).pause();
    const payload = { pad: 'x'.repeat(100_000) };
    let skipped = 0;
    for (let i = 0; i < 300; i++) skipped += fanout.emit('aviator:tick', payload, { volatile: true }).skipped;
    expect(skipped).toBeGreaterThan(0);
    // at most the one frame that did not fit, never 300 ticks' worth (30 MB)
    expect(raw.writableLength).toBeLessThan(200_000);
    ws.socket.close();
  });

  it('drops a socket that disconnects: a client back on long-polling is reached through socket.io only', async () => {
    const ws = await open('websocket');
    await eventually(() => io.of('/').sockets.size === 1);
    expect(fanout.emit('aviator:state', { state: 'betting', multiplier: 1 })).toEqual({
      direct: 1,
      viaSocketIo: 0,
      skipped: 0,
    });
    ws.socket.close();
    await eventually(() => io.of('/').sockets.size === 0);
    expect(fanout.size).toBe(0);
    expect(fanout.emit('aviator:tick', { multiplier: 1.01 }, { volatile: true })).toEqual({
      direct: 0,
      viaSocketIo: 0,
      skipped: 0,
    });
    // its websocket lost, the client comes back on long-polling: a new socket, never written raw
    const polling = await open('polling');
    await eventually(() => io.of('/').sockets.size === 1);
    expect(fanout.websockets).toBe(0);
    expect(fanout.emit('aviator:state', { state: 'running', multiplier: 1 })).toEqual({
      direct: 0,
      viaSocketIo: 1,
      skipped: 0,
    });
    await eventually(() => polling.seen.some(([e]) => e === 'aviator:state'), 5_000);
    polling.socket.close();
    await eventually(() => fanout.size === 0);
  });

  it('takes a socket that upgrades from long-polling to a websocket into the fast path', async () => {
    const client = await open('upgrading');
    await eventually(() => io.of('/').sockets.size === 1);
    const [server] = io.of('/').sockets.values();
    await eventually(() => server.conn.transport.name === 'websocket', 5_000);
    expect(fanout.websockets).toBe(1);
    await eventually(
      () => fanout.emit('aviator:tick', { multiplier: 2 }, { volatile: true }).direct === 1,
      5_000,
    );
    await eventually(() =>
      client.seen.some(([e, d]) => e === 'aviator:tick' && (d as { multiplier: number }).multiplier === 2),
    );
    client.socket.close();
    await eventually(() => fanout.size === 0);
  });
});
