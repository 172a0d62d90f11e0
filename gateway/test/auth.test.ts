import { generateAuthKeys, newId, TokenSigner } from '@bet/kit';
import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startEchoServices, startGateway } from './helpers';

describe('gateway early token rejection', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  const player = { id: newId(), role: 'user' as const, username: 'ada' };

  beforeAll(async () => {
    infra = await testInfrastructure();
    echo = await startEchoServices(infra, ['identity', 'wallet', 'betting', 'games']);
    gw = await startGateway(infra, {
      upstreams: echo.upstreams,
      env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_REFRESH_MAX: '100000' },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.stop();
    await infra?.close();
  });
  beforeEach(() => {
    echo.hits.length = 0;
  });

  const expired = () => infra.signer.signAccess(player, Math.floor(Date.now() / 1000) - 3600);
  const forged = async () => {
    const other = await generateAuthKeys();
    return (await TokenSigner.create(other.privateKeyPem, 'bet-platform')).signAccess(player);
  };

  it.each([
    ['no token', async () => undefined, 'Not authorized: no token provided'],
    ['a malformed token', async () => 'not-a-jwt', 'Not authorized: invalid token'],
    ['a token signed with another key', forged, 'Not authorized: invalid token'],
    ['an expired token', expired, 'Not authorized: token expired'],
  ])('a user route with %s is 401 and never reaches the service', async (_name, makeToken, msg) => {
    const token = await makeToken();
    for (const [method, path] of [
      ['GET', '/api/v1/wallet'],
      ['GET', '/api/v1/auth/me'],
      ['POST', '/api/v1/bets/singles'],
      ['GET', '/api/v1/users/stats/history'],
      ['GET', '/api/v1/admin/users'],
    ]) {
      const res = await fetch(gw.url + path, {
        method,
        headers: {
          ...(token ? bearer(token) : {}),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? '{"stake":10}' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ msg });
    }
    expect(echo.hits).toEqual([]);
  });

  it('a player on an admin route is 403 and never reaches the service', async () => {
    const token = await infra.token(player);
    for (const [method, path] of [
      ['GET', '/api/v1/admin/users'],
      ['PATCH', `/api/v1/admin/users/${newId()}/wallet`],
      ['PATCH', `/api/v1/admin/withdrawals/${newId()}/process`],
      ['POST', '/api/v1/games'],
      ['DELETE', `/api/v1/admin/users/${newId()}`],
    ]) {
      const res = await fetch(gw.url + path, {
        method,
        headers: {
          ...bearer(token),
          ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ msg: 'Admin access required' });
    }
    expect(echo.hits).toEqual([]);
  });

  it('lets valid callers through with their identity', async () => {
    const token = await infra.token(player);
    const res = await fetch(`${gw.url}/api/v1/wallet`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(echo.hits).toMatchObject([{ service: 'wallet', user: { id: player.id, role: 'user' } }]);
    const adminToken = await infra.token({ id: newId(), role: 'admin' });
    expect((await fetch(`${gw.url}/api/v1/admin/users`, { headers: bearer(adminToken) })).status).toBe(200);
  });

  it('never rejects on a public route: the refresh call carries a stale bearer', async () => {
    const stale = await expired();
    const refresh = await fetch(`${gw.url}/api/v1/auth/refresh-token`, {
      method: 'POST',
      headers: { ...bearer(stale), 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'refresh-token' }),
    });
    expect(refresh.status).toBe(200);
    for (const path of ['/api/v1/games', '/api/v1/leaderboards/winners', `/api/v1/bets/share/${newId()}`]) {
      const res = await fetch(gw.url + path, { headers: bearer('garbage') });
      expect(res.status, path).toBe(200);
    }
    expect(echo.hits.map((h) => h.service)).toEqual(['identity', 'games', 'betting', 'betting']);
  });
});
