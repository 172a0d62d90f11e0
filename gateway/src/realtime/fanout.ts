import type { Server, Socket } from 'socket.io';

/**
 * The engine.io and ws internals the fast path reads. engine.io's own broadcast uses the same
 * `_sender.sendFrame` (its `wsPreEncodedFrame`), so these are as stable as socket.io itself;
 * the gateway's fan-out test fails if a release moves them.
 */
interface WebsocketTransport {
  name: string;
  writable: boolean;
  perMessageDeflate?: unknown;
  socket?: { _sender?: { sendFrame(list: Buffer[], cb?: () => void): void } };
}
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: WebsocketTransport;
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
}

/**
 * `io.local.emit(event, data)` for events every socket on this gateway gets, at a fraction of
 * its cost: the frame is built once and written with one call per websocket, where socket.io
 * runs its packet, flush and drain machinery per socket (the Aviator ticks: 10 a second to
 * every visitor and player). A socket whose earlier output is still queued, or which is on
 * long-polling, goes through socket.io, so nothing overtakes what it already queued.
 * `volatile`: socket.io's volatile emit for those, which skips a socket that is still busy.
 */
export function emitToEveryLocalSocket(
  io: Server,
  event: string,
  data: unknown,
  opts: { volatile?: boolean } = {},
): FanoutResult {
  const result: FanoutResult = { direct: 0, viaSocketIo: 0 };
  let frame: Buffer | null = null;
  for (const socket of io.of('/').sockets.values()) {
    const conn = (socket as Socket).conn as unknown as EngineConnection;
    const t = conn.transport;
    const sender = t.socket?._sender;
    if (
      conn.readyState === 'open' &&
      t.name === 'websocket' &&
      !t.perMessageDeflate &&
      t.writable &&
      conn.writeBuffer.length === 0 &&
      sender
    ) {
      frame ??= textFrame(eventPacket(event, data));
      sender.sendFrame([frame]);
      result.direct += 1;
    } else {
      (opts.volatile ? socket.volatile : socket).emit(event, data);
      result.viaSocketIo += 1;
    }
  }
  return result;
}
