import { defineService, type EventEnvelope, newId, type RunningService, startService } from '@bet/kit';
import { eventually, TEST_REDIS_URL, type TestInfrastructure } from '@bet/kit/testing';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  createGateway,
  type Gateway,
  loadGatewayConfig,
  SERVICES,
  type ServiceName,
  type WebRoots,
} from '../src/index';

export interface EchoHit {
  service: string;
  method: string;
  url: string;
  user: { id: string; role: string } | null;
  requestId: string | undefined;
  forwardedFor: string | undefined;
  contentType: string | undefined;
  bodyBytes: number;
}

/**
 * A small kit service standing in for a real one: it answers every /api path with what it
 * received (path, caller, headers), so a test can see where the gateway sent a request.
 */
export function echoService(name: string, hits: EchoHit[]) {
  return defineService({
    name: `echo_${name}`,
    migrations: {},
    routes: [
      {
        kind: 'route' as const,
        name: 'the test calls',
        register(app, ctx) {
          app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
          app.route({
            method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
            url: '/api/*',
            // public, reading a token when one verifies: like the real public routes, which a
            // stale bearer does not disturb (an 'optional' route refuses a bad token)
            config: { auth: 'public' },
            handler: async (req, reply) => {
              const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
              const user = bearer ? await ctx.verifier.verify(bearer).catch(() => null) : null;
              const body = req.body as Buffer | object | undefined;
              const bodyBytes = Buffer.isBuffer(body)
                ? body.length
                : body
                  ? Buffer.byteLength(JSON.stringify(body))
                  : 0;
              const hit: EchoHit = {
                service: name,
                method: req.method,
                url: req.url,
                user: user ? { id: user.id, role: user.role } : null,
                requestId: req.headers['x-request-id'] as string | undefined,
                forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
                contentType: req.headers['content-type'],
                bodyBytes,
              };
              hits.push(hit);
              if (req.url.includes('teapot'))
                return reply.status(418).header('x-upstream', name).send({ msg: 'I am a teapot' });
              return reply.header('x-upstream', name).send(hit);
            },
          });
        },
      },
    ],
  });
}

export async function startEchoServices(infra: TestInfrastructure, names: readonly ServiceName[] = SERVICES) {
  const hits: EchoHit[] = [];
  const running: RunningService[] = [];
  for (const name of names)
    running.push(await startService(echoService(name, hits), infra, { port: 0, host: '127.0.0.1' }));
  const upstreams = Object.fromEntries(running.map((r, i) => [names[i], r.url])) as Record<
    ServiceName,
    string
  >;
  return {
    hits,
    upstreams,
    async stop() {
      for (const r of running) await r.stop();
    },
  };
}

export async function startGateway(
  infra: TestInfrastructure,
  opts: {
    upstreams: Partial<Record<ServiceName, string>>;
    env?: Record<string, string>;
    webRoots?: WebRoots;
    /** default: Redis in cluster infrastructure, in-memory in embedded; a URL for a Redis of the test's own */
    redis?: boolean | string;
  },
): Promise<Gateway & { url: string }> {
  const config = loadGatewayConfig({ ...infra.env, PRESENCE_OFFLINE_GRACE_MS: '50', ...opts.env });
  const gw = await createGateway({
    config,
    logger: infra.logger,
    verifier: infra.verifier,
    bus: infra.bus,
    cache: infra.cache,
    redis:
      typeof opts.redis === 'string'
        ? opts.redis
        : (opts.redis ?? infra.mode === 'cluster')
          ? TEST_REDIS_URL
          : null,
    upstreams: opts.upstreams,
    webRoots: opts.webRoots,
  });
  await gw.listen(0, '127.0.0.1');
  return gw as Gateway & { url: string };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Publishes a catalogue event the way a service's outbox relay would. */
export async function publish(infra: TestInfrastructure, subject: string, data: unknown) {
  const event: EventEnvelope = {
    id: newId(),
    subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    data,
  };
  await infra.bus.publish(event);
  return event;
}

/** A real socket.io client; resolves once connected, rejects with the connect error. */
export function connect(
  url: string,
  auth: Record<string, unknown> = {},
  query?: Record<string, string>,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(url, {
      auth,
      query,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Records every event a socket receives. */
export function record(socket: Socket) {
  const events: Array<{ event: string; args: unknown[] }> = [];
  socket.onAny((event, ...args) => events.push({ event, args }));
  return {
    events,
    of: (name: string) => events.filter((e) => e.event === name).map((e) => e.args[0] as any),
  };
}

/**
 * Whether this gateway holds the socket in the room. With the Redis adapter a room change
 * (socketsJoin/socketsLeave) lands after a round trip through Redis, not with the event.
 */
export function inRoom(gw: Gateway, socket: Socket, room: string): boolean {
  return socket.id !== undefined && (gw.io.of('/').adapter.rooms.get(room)?.has(socket.id) ?? false);
}

/**
 * The marker for "no presence report came": a fresh user's only socket on `gw` connects and
 * closes, and this resolves once its offline report is in. Offline checks run in the order
 * the sockets closed (the same grace, then the same lookup), so every check scheduled before
 * it has run by then.
 */
export async function presenceMarker(
  gw: { url: string },
  infra: TestInfrastructure,
  presence: ReadonlyArray<{ userId: string; isOnline: boolean }>,
) {
  const user = { id: newId(), role: 'user' as const, username: 'marker' };
  const socket = await connect(gw.url, { token: await infra.token(user) });
  await eventually(() => presence.some((p) => p.userId === user.id && p.isOnline));
  socket.close();
  await eventually(() => presence.some((p) => p.userId === user.id && !p.isOnline));
}
