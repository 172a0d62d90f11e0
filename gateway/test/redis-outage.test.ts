import { type ChildProcess, spawn } from 'node:child_process';
import { connect as tcpConnect } from 'node:net';
import { newId } from '@bet/kit';
import { eventually, freePort, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, publish, record, startGateway } from './helpers';

/** true once something accepts connections on the port */
const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const s = tcpConnect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
  });

// The socket.io Redis adapter drops the promise of each publish; while Redis was away one
// rejected unhandled and the gateway process ended (found by infra/test/chaos.test.ts).
describe('a gateway whose Redis goes away and comes back', () => {
  let infra: TestInfrastructure;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let redis: ChildProcess;
  let port: number;
  let socket: Socket;
  const startRedis = () => {
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
  };

  beforeAll(async () => {
    port = await freePort();
    startRedis();
    await eventually(() => listening(port));
    infra = await testInfrastructure();
    gw = await startGateway(infra, { upstreams: {}, redis: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    socket?.close();
    await gw?.close();
    await infra?.close();
    redis?.kill('SIGKILL');
  });

  const settled = (userId: string) =>
    publish(infra, 'bets.settled', {
      betId: newId(),
      userId,
      status: 'won',
      stakeCents: 100,
      payoutCents: 250,
      settledAt: new Date().toISOString(),
    });

  it('keeps running while events are sent to rooms, and delivers again once Redis is back', async () => {
    const player = { id: newId(), role: 'user' as const };
    socket = await connect(gw.url, { token: await infra.token(player) });
    const seen = record(socket);
    await settled(player.id);
    await eventually(() => seen.of('bet_settled').length === 1);

    await new Promise<void>((done) => {
      redis.once('exit', () => done());
      redis.kill('SIGKILL');
    });
    // every room broadcast now goes through a publish that fails
    for (let i = 0; i < 5; i++) await settled(player.id);
    // this gateway's own sockets still get them: the bridge has handled all five (and made
    // the five publishes) once they are here
    await eventually(() => seen.of('bet_settled').length === 6);
    // a later publish on the adapter's client as the marker: the client fails its queue in
    // order, so once this one has failed the adapter's five have too
    const pub = (gw.io.of('/').adapter as RedisAdapter).pubClient as Redis;
    await expect(pub.publish(`${infra.prefix}.marker`, 'x')).rejects.toThrow();
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);

    startRedis();
    // the adapter shares events with the other gateways again, and the socket still gets them
    await eventually(() => pub.publish(`${infra.prefix}.marker`, 'x').then(() => true), 20_000);
    await settled(player.id);
    await eventually(() => seen.of('bet_settled').length === 7);
  }, 40_000);
});
