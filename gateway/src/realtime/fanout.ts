import type { Server, Socket } from 'socket.io';

/**
 * The engine.io and ws internals the fast path reads. engine.io's own broadcast writes its
 * pre-encoded frames to the same net.Socket (ws's `_sender.sendFrame`, for its
 * `wsPreEncodedFrame`), so these are as stable as socket.io itself; the gateway's fan-out test
 * fails if a release moves them (every socket would then go through socket.io's own emit).
 */
interface RawSocket {
  write(frame: Buffer): boolean;
  /** bytes Node still holds because the kernel's buffer for this socket is full */
  writableLength: number;
}
interface WebsocketTransport {
  name: string;
  writable: boolean;
  perMessageDeflate?: unknown;
  /** ws's WebSocket: `_socket` is its net.Socket, `readyState` 1 while open */
  socket?: { readyState: number; _socket?: RawSocket };
}
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: WebsocketTransport;
  on(event: 'upgrade', listener: (transport: WebsocketTransport) => void): unknown;
}

/**
 * An unmasked, final text frame (RFC 6455 §5.2) holding `payload`, as one buffer. ws builds
 * the same with `Sender.frame`, which its typings do not export.
 */
export function textFrame(payload: string): Buffer {
  const data = Buffer.from(payload);
  const header = data.length < 126 ? 2 : data.length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + data.length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (header === 2) frame[1] = data.length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(data.length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(data.length), 2);
  }
  data.copy(frame, header);
  return frame;
}

/** engine.io message (`4`) carrying a socket.io EVENT (`2`) on the main namespace */
export function eventPacket(event: string, data: unknown): string {
  return `42${JSON.stringify([event, data])}`;
}

export interface FanoutResult {
  /** written straight to the socket as the shared frame */
  direct: number;
  /** handed to socket.io: long-polling, or earlier output still queued */
  viaSocketIo: number;
  /** volatile frames not written: the client has not read the last one yet */
  skipped: number;
}

/** one socket of this gateway, and the net.Socket under its websocket once it has one */
interface Entry {
  socket: Socket;
  conn: EngineConnection;
  /** the websocket transport the raw socket belongs to; null: polling, or a deflating websocket */
  transport: WebsocketTransport | null;
  raw: RawSocket | null;
  /** where it sits in `entries` (removal swaps the last one into its place) */
  at: number;
}

/**
 * `io.local.emit(event, data)` for events every socket on this gateway gets, at a fraction of
 * its cost: the frame is built once and written with one `write` per websocket, where
 * socket.io runs its packet, flush and drain machinery per socket (the Aviator ticks, five a
 * second to every visitor and player). The sockets are kept in a flat array, each with its
 * net.Socket, updated when a socket connects, upgrades to a websocket or disconnects, so a
 * broadcast reads no Map and no chain of engine objects per socket. A socket whose earlier
 * output is still queued, or which is on long-polling, goes through socket.io, so nothing
 * overtakes what it already queued. `volatile`: socket.io's volatile emit for those, which
 * skips a socket that is still busy.
 */
export class LocalFanout {
  private readonly entries: Entry[] = [];

  constructor(io: Server) {
    io.of('/').on('connection', (socket: Socket) => this.add(socket));
  }

  /** sockets this gateway broadcasts to */
  get size() {
    return this.entries.length;
  }

  /** sockets a broadcast would write directly if none were busy (websocket, no deflate) */
  get websockets() {
    let n = 0;
    for (const e of this.entries) if (e.raw) n += 1;
    return n;
  }

  private add(socket: Socket) {
    const conn = socket.conn as unknown as EngineConnection;
    const entry: Entry = { socket, conn, transport: null, raw: null, at: this.entries.length };
    this.adopt(entry, conn.transport);
    this.entries.push(entry);
    // engine.io never goes back from a websocket to polling: a client that loses its
    // websocket connects again as a new socket
    conn.on('upgrade', (transport) => this.adopt(entry, transport));
    socket.once('disconnect', () => this.remove(entry));
  }

  private adopt(entry: Entry, transport: WebsocketTransport) {
    const raw =
      transport.name === 'websocket' && !transport.perMessageDeflate ? transport.socket?._socket : null;
    entry.transport = raw ? transport : null;
    entry.raw = raw ?? null;
  }

  private remove(entry: Entry) {
    const last = this.entries.pop()!;
    if (last !== entry) {
      this.entries[entry.at] = last;
      last.at = entry.at;
    }
  }

  emit(event: string, data: unknown, opts: { volatile?: boolean } = {}): FanoutResult {
    const entries = this.entries;
    let frame: Buffer | null = null;
    let direct = 0;
    let viaSocketIo = 0;
    let skipped = 0;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const t = e.transport;
      const conn = e.conn;
      if (
        t?.writable &&
        conn.writeBuffer.length === 0 &&
        conn.readyState === 'open' &&
        t.socket?.readyState === 1
      ) {
        // a client that stops reading would otherwise have every tick queued in the gateway's
        // memory until its ping times out: a volatile frame waits for the last one to leave
        if (opts.volatile && e.raw!.writableLength > 0) {
          skipped += 1;
          continue;
        }
        frame ??= textFrame(eventPacket(event, data));
        e.raw!.write(frame);
        direct += 1;
      } else {
        (opts.volatile ? e.socket.volatile : e.socket).emit(event, data);
        viaSocketIo += 1;
      }
    }
    return { direct, viaSocketIo, skipped };
  }
}
