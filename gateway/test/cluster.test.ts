import { newId } from '@bet/kit';
import {
  eventually,
  type TestInfrastructure,
  testInfrastructure,
  watchRedisCommands,
} from '@bet/kit/testing';
import { IdentityPresence } from '@bet/proto-events';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userRoom } from '../src/domain/bridge';
import { connect, presenceMarker, publish, record, startGateway } from './helpers';

describe('two gateways on one Redis and one bus', () => {
  let infra: TestInfrastructure;
  let a: Awaited<ReturnType<typeof startGateway>>;
  let b: Awaited<ReturnType<typeof startGateway>>;
  const presence: Array<{ userId: string; isOnline: boolean }> = [];
  const open: Socket[] = [];

  beforeAll(async () => {
    infra = await testInfrastructure();
    await infra.bus.reply(IdentityPresence.subject, async (req: { userId: string; isOnline: boolean }) => {
      presence.push(req);
      await publish(infra, 'user.presence', { ...req, lastSeen: new Date().toISOString() });
      return { ok: true };
    });
    a = await startGateway(infra, { upstreams: {} });
    b = await startGateway(infra, { upstreams: {} });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await infra?.close();
  });

  const on = async (gw: typeof a, user: { id: string; role: 'user' | 'admin' } | null) => {
    const s = await connect(gw.url, user ? { token: await infra.token(user) } : {});
    open.push(s);
    return s;
  };

  const settle = async (userId: string) => {
    const betId = newId();
    await publish(infra, 'bets.settled', {
      betId,
      userId,
      status: 'won',
      stakeCents: 100,
      payoutCents: 250,
      settledAt: new Date().toISOString(),
    });
    return betId;
  };

  it('delivers a user event exactly once to each of their sockets, in order, and never through Redis', async () => {
    const player = { id: newId(), role: 'user' as const };
    const onA = record(await on(a, player));
    const onB = record(await on(b, player));
    const stranger = { id: newId(), role: 'user' as const };
    const strangerOnB = record(await on(b, stranger));
    // MONITOR: every command Redis runs. Each gateway follows every event and emits to its own
    // sockets, so no emit is published to the other gateways through the adapter.
    const watch = await watchRedisCommands();
    const betIds: string[] = [];
    for (let i = 0; i < 4; i++) betIds.push(await settle(player.id));
    await eventually(() => onA.of('bet_settled').length === 4 && onB.of('bet_settled').length === 4);
    // later events as markers: a duplicate or a stray copy of the four would come before them
    const marker = await settle(player.id);
    const strangers = await settle(stranger.id);
    await eventually(() => [onA, onB].every((r) => r.of('bet_settled').some((e) => e.betId === marker)));
    await eventually(() => strangerOnB.of('bet_settled').length > 0);
    betIds.push(marker);
    expect(onA.of('bet_settled').map((e) => e.betId)).toEqual(betIds);
    expect(onB.of('bet_settled').map((e) => e.betId)).toEqual(betIds);
    expect(strangerOnB.of('bet_settled').map((e) => e.betId)).toEqual([strangers]);
    watch.close();
    const published = watch.commands.filter(
      ([cmd, channel]) => /^publish$/i.test(cmd!) && /socket\.io#/.test(channel!),
    );
    expect(published).toEqual([]);
  });

  it('sends admin-only events to admins on the other gateway and never to players', async () => {
    const adminOnB = record(await on(b, { id: newId(), role: 'admin' }));
    const player = { id: newId(), role: 'user' as const };
    const playerOnA = record(await on(a, player));
    const watched = newId();
    const presenceOf = (userId: string) =>
      publish(infra, 'user.presence', { userId, isOnline: true, lastSeen: new Date().toISOString() });
    await presenceOf(watched);
    await eventually(() => adminOnB.of('userStatusUpdate').some((u) => u.userId === watched));
    // later events as markers: a second copy or a stray one would come before them
    const marker = newId();
    await presenceOf(marker);
    const playerMarker = await settle(player.id);
    await eventually(() => adminOnB.of('userStatusUpdate').some((u) => u.userId === marker));
    await eventually(() => playerOnA.of('bet_settled').some((e) => e.betId === playerMarker));
    expect(adminOnB.of('userStatusUpdate').filter((u) => u.userId === watched)).toHaveLength(1);
    expect(playerOnA.of('userStatusUpdate')).toEqual([]);
  });

  it('emits each aviator broadcast once per socket (every gateway hears it, each serves its own)', async () => {
    const visitorOnA = record(await on(a, null));
    const visitorOnB = record(await on(b, null));
    infra.bus.broadcast('aviator.state', { state: 'betting', multiplier: 1 });
    infra.bus.broadcast('aviator.crash', { multiplier: 2.44 });
    // a later broadcast as the marker: a second copy of the two would come before it
    infra.bus.broadcast('aviator.state', { state: 'waiting', multiplier: 1 });
    await eventually(() =>
      [visitorOnA, visitorOnB].every((r) => r.of('aviator:state').some((e) => e.state === 'waiting')),
    );
    for (const r of [visitorOnA, visitorOnB]) {
      expect(r.of('aviator:state')).toEqual([
        { state: 'betting', multiplier: 1 },
        { state: 'waiting', multiplier: 1 },
      ]);
      expect(r.of('aviator:crash')).toEqual([{ multiplier: 2.44 }]);
    }
  });

  it("counts a user's sockets across gateways for presence", async () => {
    const user = { id: newId(), role: 'user' as const };
    const first = await on(a, user);
    await eventually(() => presence.some((p) => p.userId === user.id && p.isOnline));
    const second = await on(b, user);
    // b asked the adapter at connect whether this was the user's first socket, before this
    // look: once the look sees both sockets, that answer is in too
    await eventually(async () => (await b.io.in(userRoom(user.id)).fetchSockets()).length === 2);
    const firstId = first.id!;
    first.close();
    await eventually(() => !a.io.of('/').sockets.has(firstId));
    await presenceMarker(a, infra, presence);
    // still connected through gateway b: no offline report, and only one online report
    expect(presence.filter((p) => p.userId === user.id)).toEqual([{ userId: user.id, isOnline: true }]);
    second.close();
    await eventually(() => presence.some((p) => p.userId === user.id && !p.isOnline));
    expect(presence.filter((p) => p.userId === user.id)).toEqual([
      { userId: user.id, isOnline: true },
      { userId: user.id, isOnline: false },
    ]);
  });

  it('shuts down cleanly with sockets open: they are dropped and their users reported offline', async () => {
    const user = { id: newId(), role: 'user' as const };
    const socket = await on(a, user);
    await eventually(() => presence.some((p) => p.userId === user.id && p.isOnline));
    const dropped = new Promise((r) => socket.once('disconnect', r));
    const started = Date.now();
    await a.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await dropped).toBe('io server disconnect');
    expect(presence.filter((p) => p.userId === user.id)).toEqual([
      { userId: user.id, isOnline: true },
      { userId: user.id, isOnline: false },
    ]);
    // the other gateway carries on
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  });
});
