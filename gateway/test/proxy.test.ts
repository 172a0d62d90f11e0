import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { newId } from '@bet/kit';
import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expandRouteTable, samplePath } from '../src/routes';
import { bearer, type EchoHit, startEchoServices, startGateway } from './helpers';

describe('gateway proxy (real HTTP to kit services)', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let adminToken: string;
  const admin = { id: newId(), role: 'admin' as const };

  beforeAll(async () => {
    infra = await testInfrastructure();
    echo = await startEchoServices(infra);
    // generous limits: this file is about routing, not throttling
    gw = await startGateway(infra, {
      upstreams: echo.upstreams,
      env: {
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_AUTH_MAX: '100000',
        RATE_LIMIT_RESET_MAX: '100000',
        RATE_LIMIT_REFRESH_MAX: '100000',
        BODY_LIMIT: '2048',
        UPLOAD_BODY_LIMIT: '8192',
      },
    });
    adminToken = await infra.token(admin);
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.stop();
    await infra?.close();
  });
  beforeEach(() => {
    echo.hits.length = 0;
  });

  const lastHit = (): EchoHit | undefined => echo.hits.at(-1);

  it('sends every method and pattern of the route table to its owner, path unchanged', async () => {
    const routes = expandRouteTable();
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = samplePath(route.url);
      const res = await fetch(gw.url + path, {
        method: route.method,
        headers: {
          ...bearer(adminToken),
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { 'content-type': 'application/json' }),
        },
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      const body = (await res.json()) as EchoHit;
      if (
        res.status !== 200 ||
        body.service !== route.service ||
        body.url !== path ||
        body.method !== route.method
      ) {
        wrong.push(
          `${route.method} ${path}: wanted ${route.service}, got ${res.status} ${body.service ?? JSON.stringify(body)} ${body.url}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['GET', '/api/v1/users/stats', 'betting'],
    ['GET', '/api/v1/users/stats/history', 'betting'],
    ['GET', '/api/v1/users/profile', 'identity'],
    ['PATCH', '/api/v1/admin/users/5f1d7f0c9b1e8a3d4c2b1a00/wallet', 'wallet'],
    ['PATCH', '/api/v1/admin/users/5f1d7f0c9b1e8a3d4c2b1a00/role', 'identity'],
    ['GET', '/api/v1/admin/users/5f1d7f0c9b1e8a3d4c2b1a00/details', 'admin'],
    ['GET', '/api/v1/admin/users/5f1d7f0c9b1e8a3d4c2b1a00/bets', 'betting'],
    ['GET', '/api/v1/admin/games/5f1d7f0c9b1e8a3d4c2b1a00/risk', 'betting'],
    ['GET', '/api/v1/admin/games/5f1d7f0c9b1e8a3d4c2b1a00/risk-summary', 'ai'],
    ['PATCH', '/api/v1/admin/games/5f1d7f0c9b1e8a3d4c2b1a00/adjust-odds', 'games'],
    ['GET', '/api/v1/promotions/all', 'admin'],
    ['GET', '/api/v1/games/live', 'games'],
    ['GET', '/api/v1/wallet/deposit/sandbox/abc', 'wallet'],
    ['GET', '/api/v1/auth/google/callback?code=x&state=y', 'identity'],
  ])('%s %s goes to %s', async (method, path, service) => {
    const res = await fetch(gw.url + path, {
      method,
      headers: { ...bearer(adminToken), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe(`${service}`);
    expect(((await res.json()) as EchoHit).url).toBe(path);
  });

  it('forwards the query string, the body and the caller, and relays status and headers', async () => {
    const token = await infra.token({ id: newId(), role: 'user' });
    const res = await fetch(`${gw.url}/api/v1/bets?page=2&status=won`, { headers: bearer(token) });
    const hit = (await res.json()) as EchoHit;
    expect(hit).toMatchObject({
      service: 'betting',
      url: '/api/v1/bets?page=2&status=won',
      user: { role: 'user' },
    });

    const post = await fetch(`${gw.url}/api/v1/bets/singles`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ selections: [{ gameId: newId(), outcome: 'A' }], stake: 10 }),
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as EchoHit).bodyBytes).toBeGreaterThan(20);

    const teapot = await fetch(`${gw.url}/api/v1/games/teapot`);
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get('x-upstream')).toBe('games');
    expect(await teapot.json()).toEqual({ msg: 'I am a teapot' });
  });

  it('passes x-request-id through, makes one when absent, and sets X-Forwarded-For from the peer', async () => {
    const withId = await fetch(`${gw.url}/api/v1/games`, { headers: { 'x-request-id': 'req-abc.123' } });
    expect(withId.headers.get('x-request-id')).toBe('req-abc.123');
    expect(lastHit()?.requestId).toBe('req-abc.123');

    // a client-written X-Forwarded-For is not trusted by default
    const fresh = await fetch(`${gw.url}/api/v1/games`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastHit()?.requestId).toBe(id);
    expect(lastHit()?.forwardedFor).toBe('127.0.0.1');

    const junk = await fetch(`${gw.url}/api/v1/games`, { headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(junk.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams a multipart upload with its boundary intact, under the larger upload limit', async () => {
    const token = await infra.token({ id: newId(), role: 'user' });
    const form = new FormData();
    form.append('profilePicture', new Blob([new Uint8Array(5000)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${gw.url}/api/v1/users/profile-picture`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(res.status).toBe(200);
    const hit = (await res.json()) as EchoHit;
    expect(hit.service).toBe('identity');
    expect(hit.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(hit.bodyBytes).toBeGreaterThan(5000);
  });

  it('answers 413 { msg } for a body over the limit, declared or streamed, without reaching the service', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(4000) });
    const declared = await fetch(`${gw.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ msg: 'Request body is too large' });

    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        c.close();
      },
    });
    const streamed = await fetch(`${gw.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ msg: 'Request body is too large' });
    expect(echo.hits.filter((h) => h.url === '/api/v1/auth/login' && h.bodyBytes > 2048)).toEqual([]);
  });

  it('answers a JSON 404 for an /api path nobody owns', async () => {
    for (const path of ['/api/v1/nope', '/api/v1/admin/unknown/thing', '/api/v2/games', '/api/whatever']) {
      const res = await fetch(gw.url + path, { headers: bearer(adminToken) });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/Route not found/);
    }
    expect(echo.hits).toEqual([]);
  });

  it('answers 503 { msg } for a service that is not configured or not running', async () => {
    const { aviator: _gone, ...partial } = echo.upstreams;
    const down = await startGateway(infra, { upstreams: { ...partial, ai: 'http://127.0.0.1:1' } });
    try {
      const missing = await fetch(`${down.url}/api/v1/aviator/state`);
      expect(missing.status).toBe(503);
      expect(await missing.json()).toEqual({ msg: 'The aviator service is unavailable' });
      const unreachable = await fetch(`${down.url}/api/v1/ai/world-sports-news`);
      expect(unreachable.status).toBe(503);
      expect(await unreachable.json()).toEqual({ msg: 'The ai service is unavailable' });
      expect((await fetch(`${down.url}/api/v1/games`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('relays whole answers of every size and shape, and a 503 { msg } for one that breaks off', async () => {
    const big = 'x'.repeat(200 * 1024);
    const raw = createServer((req, res) => {
      if (req.url === '/api/v1/games/big') res.writeHead(200, { 'content-length': big.length }).end(big);
      else if (req.url === '/api/v1/games/chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"part":');
        res.end('1}');
      } else if (req.url === '/api/v1/games/broken') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
        res.write('{"cut":');
        // the stand-in's fault: the headers and a part leave first, then the body is cut short
        // (time is the scenario: the cut comes after the first part)
        setTimeout(() => res.destroy(), 20);
      } else
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 }).end('{"small":1}');
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const stand = await startGateway(infra, { upstreams: { games: upstream } });
    try {
      const small = await fetch(`${stand.url}/api/v1/games/small`);
      expect([small.status, small.headers.get('content-length'), await small.json()]).toEqual([
        200,
        '11',
        { small: 1 },
      ]);
      expect(small.headers.get('x-content-type-options')).toBe('nosniff');
      const head = await fetch(`${stand.url}/api/v1/games/small`, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '11', '']);
      expect(await (await fetch(`${stand.url}/api/v1/games/big`)).text()).toBe(big);
      expect(await (await fetch(`${stand.url}/api/v1/games/chunked`)).json()).toEqual({ part: 1 });
      const broken = await fetch(`${stand.url}/api/v1/games/broken`);
      expect(broken.status).toBe(503);
      expect(await broken.json()).toEqual({ msg: 'The games service is unavailable' });
    } finally {
      await stand.close();
      raw.close();
    }
  });

  it('compresses API answers over 1 KiB by Accept-Encoding (br, else gzip), and nothing else', async () => {
    const json = JSON.stringify({
      games: Array.from({ length: 200 }, (_, i) => ({ id: i, home: 'Arsenal' })),
    });
    const raw = createServer((req, res) => {
      const type =
        req.url === '/api/v1/games/logo.png'
          ? 'image/png'
          : req.url === '/api/v1/games/events'
            ? 'text/event-stream'
            : 'application/json';
      const body = req.url === '/api/v1/games/small' ? '{"small":1}' : json;
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const stand = await startGateway(infra, { upstreams: { games: upstream } });
    const get = (path: string, acceptEncoding?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          httpGet(
            `${stand.url}${path}`,
            { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  encoding: res.headers['content-encoding'],
                  vary: res.headers.vary as string | undefined,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          ).on('error', reject);
        },
      );
    try {
      const br = await get('/api/v1/games', 'gzip, deflate, br');
      expect(br.encoding).toBe('br');
      expect(br.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).toString()).toBe(json);
      expect(br.body.length).toBeLessThan(json.length / 4);
      const gz = await get('/api/v1/games', 'gzip');
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(json);
      const plain = await get('/api/v1/games');
      expect([plain.encoding, plain.body.toString()]).toEqual([undefined, json]);
      for (const path of ['/api/v1/games/small', '/api/v1/games/logo.png', '/api/v1/games/events']) {
        expect((await get(path, 'gzip, br')).encoding, path).toBeUndefined();
      }
    } finally {
      await stand.close();
      raw.close();
    }
  });

  it('serves health, readiness (bus and redis) and its OpenAPI', async () => {
    expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok', service: 'gateway' });
    const ready = await fetch(`${gw.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { bus: true, redis: true } });
    const doc = (await (await fetch(`${gw.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/api/v1/auth/login',
        '/api/v1/admin/users/{id}/wallet',
      ]),
    );
  });
});
