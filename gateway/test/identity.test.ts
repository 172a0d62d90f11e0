// a test may start the real service; the gateway's own code never imports one
import { identityService } from '@bet/identity';
import { type RunningService, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, record, startGateway } from './helpers';

const ADMIN = { email: 'root@gateway.test', password: 'root-password-for-tests' };

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe('gateway in front of the real identity service', () => {
  let infra: TestInfrastructure;
  let identity: RunningService<any>;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    infra = await testInfrastructure({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    identity = await startService(identityService, infra, { port: 0, host: '127.0.0.1' });
    gw = await startGateway(infra, { upstreams: { identity: identity.url } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await gw?.close();
    await identity?.stop();
    await infra?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(gw.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers an 8 MB upload with 413 { msg } and a 5,000-character id with { msg }, through the gateway and directly', async () => {
    const token = await infra.token({ username: 'big' });
    const eightMb = new Uint8Array(8 * 1024 * 1024).fill(0x41);
    eightMb.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const base of [gw.url, identity.url]) {
      const form = new FormData();
      form.append('profilePicture', new Blob([eightMb], { type: 'image/png' }), 'big.png');
      const res = await fetch(`${base}/api/v1/users/profile-picture`, {
        method: 'POST',
        headers: bearer(token),
        body: form,
      });
      expect(res.status, base).toBe(413);
      expect(((await res.json()) as { msg: string }).msg, base).toMatch(/too large|at most/);

      const long = await fetch(`${base}/api/v1/admin/users/${'a'.repeat(5000)}`, { headers: bearer(token) });
      expect(long.status, base).toBeGreaterThanOrEqual(400);
      expect(long.status, base).toBeLessThan(500);
      const body = (await long.json()) as Record<string, unknown>;
      expect(Object.keys(body), base).toEqual(['msg']);
      expect(String(body.msg).length, `${base} ${String(body.msg).slice(0, 80)} ${long.status}`).toBeLessThan(
        200,
      );
    }
  });

  it('registers, signs in, reads the session and refreshes through the gateway', async () => {
    const reg = await json(
      await post('/api/v1/auth/register', {
        username: 'gateway_ada',
        email: 'ada@gateway.test',
        password: 'correct-horse-battery-42',
        firstName: 'Ada',
        lastName: 'Obi',
      }),
    );
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { username: 'gateway_ada' },
    });

    const login = await json(
      await post('/api/v1/auth/login', { email: 'ada@gateway.test', password: 'correct-horse-battery-42' }),
    );
    expect(login.status).toBe(200);
    const me = await json(
      await fetch(`${gw.url}/api/v1/auth/me`, { headers: bearer(login.body.accessToken) }),
    );
    expect(me).toMatchObject({ status: 200, body: { email: 'ada@gateway.test', role: 'user' } });

    // the refresh call is public: an expired bearer on it must not be rejected at the edge
    const stale = await infra.signer.signAccess(
      { id: me.body._id, role: 'user', username: 'gateway_ada' },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const refreshed = await json(
      await post('/api/v1/auth/refresh-token', { token: login.body.refreshToken }, bearer(stale)),
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    // identity's own validation errors come back unchanged
    const bad = await json(await post('/api/v1/auth/login', { email: 'not-an-email' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ msg: expect.any(String), errors: expect.any(Array) });
  });

  it("shows a player coming online to a signed-in admin, through identity's presence record", async () => {
    const adminLogin = await json(await post('/api/v1/auth/login', ADMIN));
    expect(adminLogin.status).toBe(200);
    const adminSocket = await connect(gw.url, { token: adminLogin.body.accessToken });
    sockets.push(adminSocket);
    const seen = record(adminSocket);

    const player = await json(
      await post('/api/v1/auth/login', { email: 'ada@gateway.test', password: 'correct-horse-battery-42' }),
    );
    const playerSocket = await connect(gw.url, { token: player.body.accessToken });
    sockets.push(playerSocket);
    const online = await eventually(() =>
      seen.of('userStatusUpdate').find((u) => u.userId === player.body.user._id && u.isOnline),
    );
    expect(online).toEqual({ userId: player.body.user._id, isOnline: true, lastSeen: expect.any(String) });

    playerSocket.close();
    await eventually(() =>
      seen.of('userStatusUpdate').some((u) => u.userId === player.body.user._id && !u.isOnline),
    );
  });
});
