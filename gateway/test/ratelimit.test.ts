import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoServices, startGateway } from './helpers';

const TOO_MANY = { msg: 'Too many requests, please try again later.' };

const post = (url: string, body: unknown = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('gateway rate limits (Redis)', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let a: Awaited<ReturnType<typeof startGateway>>;
  let b: Awaited<ReturnType<typeof startGateway>>;
  const env = {
    RATE_LIMIT_MAX: '20',
    RATE_LIMIT_WINDOW_MS: '60000',
    RATE_LIMIT_AUTH_MAX: '3',
    RATE_LIMIT_RESET_MAX: '2',
    RATE_LIMIT_REFRESH_MAX: '4',
  };

  beforeAll(async () => {
    infra = await testInfrastructure();
    echo = await startEchoServices(infra, ['identity', 'games']);
    // two gateways on one Redis share their counters
    a = await startGateway(infra, { upstreams: echo.upstreams, env });
    b = await startGateway(infra, { upstreams: echo.upstreams, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await echo?.stop();
    await infra?.close();
  });

  it('limits login per client across gateways: 429 with msg and Retry-After, before the service', async () => {
    const statuses = [];
    for (const gw of [a, b, a])
      statuses.push((await post(`${gw.url}/api/v1/auth/login`, { email: 'x@y.z', password: 'p' })).status);
    expect(statuses).toEqual([200, 200, 200]);
    const hitsBefore = echo.hits.length;
    const limited = await post(`${b.url}/api/v1/auth/login`, { email: 'x@y.z', password: 'p' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(echo.hits.length).toBe(hitsBefore);
    // register has its own counter
    expect((await post(`${a.url}/api/v1/auth/register`, {})).status).toBe(200);
  });

  it('is stricter still on password reset, and separate for refresh', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await post(`${a.url}/api/v1/auth/reset-password/token-${i}`, {})).status);
    expect(codes).toEqual([200, 200, 429]);
    const reqCodes = [];
    for (let i = 0; i < 3; i++)
      reqCodes.push((await post(`${b.url}/api/v1/auth/request-password-reset`, { email: 'a@b.c' })).status);
    expect(reqCodes).toEqual([200, 200, 429]);
    const refresh = [];
    for (let i = 0; i < 5; i++)
      refresh.push((await post(`${a.url}/api/v1/auth/refresh-token`, { token: 't' })).status);
    expect(refresh).toEqual([200, 200, 200, 200, 429]);
  });

  it('applies the general per-IP limit to everything else', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await fetch(`${i % 2 ? a.url : b.url}/api/v1/games`)).status);
    expect(codes.filter((c) => c === 200).length).toBe(20);
    const last = await fetch(`${a.url}/api/v1/games`);
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual(TOO_MANY);
    // health checks are never limited
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    // nor static assets: crests, avatars and the web bundles' files (one home page loads ~110 crests)
    for (let i = 0; i < 30; i++) {
      const logo = await fetch(`${i % 2 ? a.url : b.url}/api/v1/games/logos/team-${i}.svg`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    const avatar = await fetch(`${a.url}/api/v1/users/avatars/${'a'.repeat(24)}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await fetch(`${a.url}/remotes/player/remoteEntry.js`)).status).not.toBe(429);
    expect((await fetch(`${a.url}/static/js/main.0123abcd.js`)).status).not.toBe(429);
    // an API call still counts, and is still refused
    expect((await fetch(`${b.url}/api/v1/games/logos`)).status).toBe(429);
    const api = await fetch(`${b.url}/api/v1/games`);
    expect(api.status).toBe(429);
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('gateway rate limits (embedded, in memory)', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let gw: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    infra = await testInfrastructure({ kind: 'embedded' });
    echo = await startEchoServices(infra, ['identity']);
    gw = await startGateway(infra, { upstreams: echo.upstreams, env: { RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.stop();
    await infra?.close();
  });

  it('limits login without Redis', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post(`${gw.url}/api/v1/auth/login`)).status);
    expect(codes).toEqual([200, 200, 429]);
    const ready = await fetch(`${gw.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { bus: true } });
  });
});
