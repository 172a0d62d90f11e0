import type { Server as HttpServer } from 'node:http';
import {
  type AuthUser,
  bearerToken,
  type EventBus,
  type Logger,
  RevocationUnavailableError,
  type Subscription,
  socketBroadcastDuration,
  socketEmits,
  type TokenVerifier,
  type VerifiedUser,
} from '@bet/kit';
import { AviatorBetUpdated, AviatorTick, IdentityPresence } from '@bet/proto-events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  ADMINS_ROOM,
  AVIATOR_SUBJECTS,
  aviatorEventName,
  aviatorPayload,
  BRIDGED_SUBJECTS,
  cameOnline,
  isStale,
  type SocketAction,
  socketActionsFor,
  userRoom,
} from '../domain/bridge';
import { TickCoalescer } from '../domain/ticks';
import { LocalFanout } from './fanout';

export interface SocketData {
  /** null: a visitor without a token (public events only) */
  user: VerifiedUser | null;
  connectedAt: number;
}

/**
 * Sent to a socket just before the server drops it because its session was revoked (logout,
 * closed account): the client signs in again and reconnects with a fresh token.
 */
export const SESSION_ENDED_EVENT = 'session_ended';

/**
 * Sent when a socket's access token expires. The socket is kept, as a visitor's (public events
 * only: it leaves the user's rooms), so a client that does not reconnect by itself (the spec's
 * socket.io-client, which never reconnects after a server-side disconnect) stays live; the
 * client refreshes its token and sends it with `authenticate`, and its own events resume.
 */
export const TOKEN_EXPIRED_EVENT = 'token_expired';
export const AUTHENTICATE_EVENT = 'authenticate';
/** failed `authenticate` calls a socket may make before it is dropped */
const MAX_FAILED_AUTHENTICATIONS = 5;

export interface RealtimeOptions {
  server: HttpServer;
  verifier: TokenVerifier;
  bus: EventBus;
  logger: Logger;
  corsOrigins: string[] | '*';
  /** cluster: the Redis adapter, so every gateway reaches every socket */
  redis?: { pub: Redis; sub: Redis; key: string };
  eventMaxAgeMs: number;
  presenceTimeoutMs: number;
  presenceGraceMs: number;
}

export const RETIRED_BRIDGE_DURABLE = 'gateway-bridge';
export const INVALID_TOKEN = 'INVALID_TOKEN';
export const SESSION_CHECK_FAILED = 'SESSION_CHECK_UNAVAILABLE';
export const JOIN_REFUSED = 'You can only join your own room';

/**
 * socket.io on the gateway's HTTP server: token handshake, rooms, presence, and the bridge
 * from bus events to socket events.
 */
export class Realtime {
  readonly io: Server;
  private readonly fanout: LocalFanout;
  private readonly subs: Subscription[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly offlineTimers = new Map<NodeJS.Timeout, () => Promise<void>>();
  private closing = false;

  constructor(private readonly opts: RealtimeOptions) {
    const origin = opts.corsOrigins === '*' ? true : opts.corsOrigins.length > 0 ? opts.corsOrigins : false;
    this.io = new Server(opts.server, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin },
      // clients only ever send joinUserRoom and authenticate (a token)
      maxHttpBufferSize: 16 * 1024,
      ...(opts.redis
        ? {
            adapter: createAdapter(opts.redis.pub, opts.redis.sub, {
              key: opts.redis.key,
              requestsTimeout: 3_000,
              publishOnSpecificResponseChannel: true,
            }),
          }
        : {}),
    });
    this.io.use((socket, next) => {
      void this.authenticate(socket).then(
        () => next(),
        (cause) => {
          // an outage of the revocation list is no reason for the client to sign out
          const code = cause instanceof RevocationUnavailableError ? SESSION_CHECK_FAILED : INVALID_TOKEN;
          const err = new Error(code) as Error & { data?: unknown };
          err.data = { code };
          next(err);
        },
      );
    });
    this.fanout = new LocalFanout(this.io);
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  private async authenticate(socket: Socket) {
    const { auth, query } = socket.handshake;
    const raw =
      typeof auth?.token === 'string' ? auth.token : typeof query.token === 'string' ? query.token : '';
    const token = bearerToken(raw) ?? raw.trim();
    const data: SocketData = { user: null, connectedAt: Date.now() };
    // no token at all: a visitor, who receives the public events only
    if (token) data.user = await this.opts.verifier.verify(token);
    socket.data = data;
  }

  private onConnection(socket: Socket) {
    const first = (socket.data as SocketData).user;
    let expiry: NodeJS.Timeout | undefined;
    let failures = 0;
    const signIn = (user: VerifiedUser) => {
      (socket.data as SocketData).user = user;
      clearTimeout(expiry);
      // the token's expiry is the socket's: REST refuses it from then on, and the socket gets
      // no more of the user's events until a fresh token is sent
      expiry = setTimeout(
        () => this.expire(socket, user),
        Math.max(0, Math.min(user.expiresAtMs - Date.now(), 2 ** 31 - 1)),
      );
      expiry.unref?.();
      // The token names the user, so its room is joined at once; joinUserRoom is kept for
      // the spec's clients and only ever accepts the caller's own id.
      void socket.join(userRoom(user.id));
      if (user.role === 'admin') void socket.join(ADMINS_ROOM);
      this.track(this.announceIfFirst(socket, user));
    };
    if (first) {
      signIn(first);
      socket.on('disconnect', () => {
        clearTimeout(expiry);
        this.scheduleOfflineCheck(first.id);
      });
    }
    socket.on(AUTHENTICATE_EVENT, (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => {};
      const raw =
        typeof payload === 'string'
          ? payload
          : typeof (payload as { token?: unknown } | null)?.token === 'string'
            ? (payload as { token: string }).token
            : '';
      const token = (bearerToken(raw) ?? raw.trim()).slice(0, 4096);
      const refuse = (answer: { ok: false; code: string; msg: string }) => {
        reply(answer);
        if (++failures >= MAX_FAILED_AUTHENTICATIONS) socket.disconnect(true);
      };
      this.opts.verifier.verify(token).then(
        (user) => {
          // a socket stays its first user's (presence and the disconnect report are theirs)
          if (!first || user.id !== first.id)
            return refuse({ ok: false, code: INVALID_TOKEN, msg: 'This token is for another user.' });
          signIn(user);
          reply({ ok: true });
        },
        (cause) =>
          refuse(
            cause instanceof RevocationUnavailableError
              ? { ok: false, code: SESSION_CHECK_FAILED, msg: 'Your session cannot be checked right now.' }
              : { ok: false, code: INVALID_TOKEN, msg: 'Your session token is not valid.' },
          ),
      );
    });
    socket.on('joinUserRoom', (userId: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : undefined;
      const user = (socket.data as SocketData).user;
      if (user && userId === user.id) {
        void socket.join(userRoom(user.id));
        reply?.({ ok: true, room: userRoom(user.id) });
        return;
      }
      this.opts.logger.warn(
        { socket: socket.id, userId: user?.id ?? null, asked: String(userId).slice(0, 64) },
        'joinUserRoom refused',
      );
      if (reply) reply({ ok: false, msg: JOIN_REFUSED });
      else socket.emit('joinUserRoomError', { msg: JOIN_REFUSED });
    });
  }

  /** The token ran out: a visitor's socket from now on, asked for a fresh token. */
  private expire(socket: Socket, user: VerifiedUser) {
    if ((socket.data as SocketData).user !== user || !socket.connected) return;
    (socket.data as SocketData).user = null;
    void socket.leave(userRoom(user.id));
    void socket.leave(ADMINS_ROOM);
    socket.emit(TOKEN_EXPIRED_EVENT, {
      code: 'TOKEN_EXPIRED',
      msg: 'Your session token expired: refresh it and send it with "authenticate".',
    });
    this.scheduleOfflineCheck(user.id);
  }

  /** Tells the client why, then drops the socket (socket.io does not reconnect by itself). */
  private endSession(socket: {
    emit(event: string, payload: unknown): unknown;
    disconnect(close?: boolean): unknown;
  }) {
    socket.emit(SESSION_ENDED_EVENT, { code: INVALID_TOKEN, msg: 'Your session has ended.' });
    socket.disconnect(true);
  }

  /** Drops this gateway's sockets whose tokens a revocation covers (every gateway hears it). */
  private async revokeSockets(userId: string, sessionId: string | null, revokedAt: number) {
    const sockets = await this.io.local.in(userRoom(userId)).fetchSockets();
    for (const s of sockets) {
      const u = (s.data as SocketData | undefined)?.user;
      if (!u) continue;
      const covered = sessionId ? u.sessionId === sessionId : u.issuedAtMs <= revokedAt;
      if (covered) this.endSession(s);
    }
  }

  // ── presence ──────────────────────────────────────────────────────────────
  private async announceIfFirst(socket: Socket, user: AuthUser) {
    const data = socket.data as SocketData;
    const sockets = await this.io.in(userRoom(user.id)).fetchSockets();
    const all = sockets.map((s) => ({
      id: s.id,
      connectedAt: (s.data as SocketData | undefined)?.connectedAt ?? 0,
    }));
    if (!all.some((s) => s.id === socket.id)) all.push({ id: socket.id, connectedAt: data.connectedAt });
    if (cameOnline({ id: socket.id, connectedAt: data.connectedAt }, all))
      await this.reportPresence(user.id, true);
  }

  /**
   * A page reload drops and reopens the socket within a second: wait a little before
   * deciding the user left, so admins do not see them blink offline.
   */
  private scheduleOfflineCheck(userId: string) {
    const check = async () => {
      const left = await this.io.in(userRoom(userId)).fetchSockets();
      if (left.length === 0) await this.reportPresence(userId, false);
    };
    if (this.closing || this.opts.presenceGraceMs <= 0) {
      this.track(check());
      return;
    }
    const timer = setTimeout(() => {
      this.offlineTimers.delete(timer);
      this.track(check());
    }, this.opts.presenceGraceMs);
    this.offlineTimers.set(timer, check);
  }

  /** fire-and-forget: identity records last-seen and publishes user.presence */
  private async reportPresence(userId: string, isOnline: boolean) {
    try {
      await this.opts.bus.request(
        IdentityPresence.subject,
        { userId, isOnline },
        { timeoutMs: this.opts.presenceTimeoutMs },
      );
    } catch (err) {
      this.opts.logger.warn({ err, userId, isOnline }, 'presence not recorded');
    }
  }

  private track(p: Promise<unknown>) {
    const tracked = p
      .catch((err) => this.opts.logger.warn({ err }, 'presence check failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  // ── bridge ────────────────────────────────────────────────────────────────
  /**
   * Every gateway follows every bridged event and acts on its own sockets only (decision
   * gateway-002): no event crosses Redis, and none waits for an acknowledgement. Aviator
   * broadcasts are transient and reach every gateway the same way.
   */
  async startBridge() {
    // the shared durable the bridge consumed before gateway-002's revision: left on the stream
    // it keeps a cursor per subject and shows a backlog that only grows
    await this.opts.bus
      .retire(RETIRED_BRIDGE_DURABLE)
      .then(
        (n) => n > 0 && this.opts.logger.info({ consumers: n }, 'retired the old shared bridge consumers'),
      )
      .catch((err) => this.opts.logger.warn({ err }, 'the old shared bridge consumers were not retired'));
    this.subs.push(
      await this.opts.bus.follow({
        subjects: [...BRIDGED_SUBJECTS],
        // a payload off the catalogue throws: the follower logs it, counts it failed, goes on
        handler: (event) => {
          if (isStale(event.subject, event.occurredAt, Date.now(), this.opts.eventMaxAgeMs)) return;
          const actions = socketActionsFor(event);
          for (const action of actions) this.apply(action);
        },
      }),
    );
    const ticks = new TickCoalescer<unknown>((data) => this.broadcastLocally('aviator:tick', data, true));
    for (const subject of AVIATOR_SUBJECTS) {
      this.subs.push(
        this.opts.bus.listen(subject, (data, actual) => {
          const name = aviatorEventName(actual);
          if (!name) return;
          if (actual === AviatorTick.subject) return ticks.tick(data);
          // a bet of the round is no reason to drop the pending tick
          if (actual === AviatorBetUpdated.subject)
            return this.broadcastLocally(name, aviatorPayload(actual, data), false);
          ticks.discard();
          this.broadcastLocally(name, data, false);
        }),
      );
    }
  }

  /**
   * To this gateway's sockets only: every gateway hears the transient broadcasts itself.
   * `volatile`: a socket still busy with earlier output skips it (a tick: the next one
   * comes 100 ms later).
   */
  private broadcastLocally(event: string, data: unknown, volatile: boolean) {
    const started = performance.now();
    this.fanout.emit(event, data, { volatile });
    socketBroadcastDuration.observe({ service: 'gateway', event }, (performance.now() - started) / 1000);
    socketEmits.inc({ service: 'gateway', event });
  }

  apply(action: SocketAction) {
    switch (action.kind) {
      case 'emit': {
        const { to } = action;
        const room =
          to.room === 'everyone' ? undefined : to.room === 'admins' ? ADMINS_ROOM : userRoom(to.userId);
        // socket.io encodes the packet before it looks for the room's sockets: most of a user's
        // events find none of their sockets on this gateway (or none at all)
        if (room !== undefined && !this.io.of('/').adapter.rooms.get(room)?.size) return;
        socketEmits.inc({ service: 'gateway', event: action.event });
        if (room === undefined) this.io.local.emit(action.event, action.payload);
        else this.io.local.to(room).emit(action.event, action.payload);
        return;
      }
      case 'admin-membership':
        if (action.isAdmin) this.io.local.in(userRoom(action.userId)).socketsJoin(ADMINS_ROOM);
        else this.io.local.in(userRoom(action.userId)).socketsLeave(ADMINS_ROOM);
        return;
      case 'disconnect-user':
        this.io.local.in(userRoom(action.userId)).disconnectSockets(true);
        return;
      case 'revoke-sessions':
        this.track(this.revokeSockets(action.userId, action.sessionId, action.revokedAt));
        return;
    }
  }

  /**
   * Stops the bridge, drops this gateway's sockets (their users go offline unless connected
   * elsewhere), waits for the presence reports, then lets go of the adapter. The HTTP
   * server itself is closed by Fastify.
   */
  async close() {
    if (this.closing) return;
    this.closing = true;
    for (const sub of this.subs.splice(0)) await sub.stop().catch(() => {});
    this.io.local.disconnectSockets(true);
    for (const [timer, check] of this.offlineTimers) {
      clearTimeout(timer);
      this.track(check());
    }
    this.offlineTimers.clear();
    const deadline = new Promise((r) => setTimeout(r, this.opts.presenceTimeoutMs + 1_000).unref());
    await Promise.race([Promise.allSettled([...this.pending]), deadline]);
    await Promise.resolve(this.io.of('/').adapter.close()).catch(() => {});
    this.io.engine.close();
  }
}
