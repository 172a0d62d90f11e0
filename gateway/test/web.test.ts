import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEchoServices, startGateway } from './helpers';

const THEME_SCRIPT = '!function(){document.documentElement.dataset.theme="dark"}()';
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script defer src="/main.752b3419.js"></script></body></html>`;

describe('gateway web bundles', () => {
  let infra: TestInfrastructure;
  let echo: Awaited<ReturnType<typeof startEchoServices>>;
  let gw: Awaited<ReturnType<typeof startGateway>>;
  let bare: Awaited<ReturnType<typeof startGateway>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-web-'));
    const shell = join(dir, 'shell');
    const player = join(dir, 'player');
    mkdirSync(shell);
    mkdirSync(player);
    writeFileSync(join(shell, 'index.html'), INDEX);
    writeFileSync(join(shell, 'main.752b3419.js'), 'console.log("shell")');
    writeFileSync(join(shell, 'favicon.ico'), 'icon');
    writeFileSync(join(player, 'remoteEntry.js'), 'var player = {}');
    writeFileSync(join(player, '623.e658482e.js'), 'chunk()');
    // what the web build's precompress step leaves beside an asset
    writeFileSync(join(player, '623.e658482e.js.gz'), gzipSync('chunk()'));
    infra = await testInfrastructure({ kind: 'embedded' });
    echo = await startEchoServices(infra, ['games']);
    gw = await startGateway(infra, {
      upstreams: echo.upstreams,
      webRoots: { shell, player, admin: join(dir, 'admin-not-built') },
      env: { CORS_ORIGINS: 'https://partner.example' },
    });
    bare = await startGateway(infra, {
      upstreams: echo.upstreams,
      webRoots: { shell: join(dir, 'nothing-here') },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await bare?.close();
    await echo?.stop();
    await infra?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the shell at / and falls back to index.html for browser routes, never cached', async () => {
    for (const path of ['/', '/live', '/games/5f1d7f0c9b1e8a3d4c2b1a01', '/admin/users', '/slip/abc?x=1']) {
      const res = await fetch(gw.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves the precompressed copy of an asset to a client that accepts it', async () => {
    const res = await fetch(`${gw.url}/remotes/player/623.e658482e.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes it: the body is the original file
    expect(await res.text()).toBe('chunk()');
    const plain = await fetch(`${gw.url}/remotes/player/623.e658482e.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gunzipSync(gzipSync('chunk()')).toString()).toBe(await plain.text());
  });

  it('caches hashed assets for a year and entry points not at all; missing files are 404', async () => {
    const main = await fetch(`${gw.url}/main.752b3419.js`);
    expect(main.status).toBe(200);
    expect(main.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await main.text()).toBe('console.log("shell")');
    expect((await fetch(`${gw.url}/favicon.ico`)).headers.get('cache-control')).toBe('public, max-age=3600');

    const entry = await fetch(`${gw.url}/remotes/player/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${gw.url}/remotes/player/623.e658482e.js`)).headers.get('cache-control')).toMatch(
      /immutable/,
    );

    for (const path of ['/missing.js', '/remotes/player/nope.js', '/remotes/admin/remoteEntry.js']) {
      const res = await fetch(gw.url + path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/Route not found/);
    }
  });

  it('keeps the API out of the fallback', async () => {
    const unknown = await fetch(`${gw.url}/api/v1/nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect((await fetch(`${gw.url}/api/v1/games`)).status).toBe(200);
    const post = await fetch(`${gw.url}/some/page`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it("sends a CSP that allows the shell's own inline script by hash and no other inline script", async () => {
    const res = await fetch(`${gw.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toMatch(
      new RegExp(`connect-src 'self' ws://${new URL(gw.url).host} wss://${new URL(gw.url).host}`),
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("gives the API's answers a short strict set of headers instead of the document's policy", async () => {
    const page = await fetch(`${gw.url}/`);
    for (const path of ['/api/v1/games', '/api/v1/nothing']) {
      const res = await fetch(gw.url + path);
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
        expect(res.headers.get(documentOnly), documentOnly).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    // the document keeps them all
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toContain('script-src');
  });

  it("writes the policy of the host asked for, and a rebuilt shell's hash once it is rebuilt", async () => {
    const cspFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const { port } = new URL(gw.url);
        get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy'] ?? ''));
        }).on('error', reject);
      });
    const own = new URL(gw.url).host;
    expect(await cspFor('other.example:8443')).toContain(
      "connect-src 'self' ws://other.example:8443 wss://other.example:8443",
    );
    expect(await cspFor(own)).toContain(`ws://${own} wss://${own}`);
    expect(await cspFor(own)).not.toContain('other.example');

    const rebuilt = '!function(){document.documentElement.dataset.theme="light"}()';
    writeFileSync(join(dir, 'shell', 'index.html'), INDEX.replace(THEME_SCRIPT, rebuilt));
    const hash = createHash('sha256').update(rebuilt).digest('base64');
    try {
      // the shell's index.html is looked at again at most every 2 s
      await expect.poll(() => cspFor(own), { timeout: 5_000, interval: 250 }).toContain(`'sha256-${hash}'`);
    } finally {
      writeFileSync(join(dir, 'shell', 'index.html'), INDEX);
    }
  });

  it('answers CORS only for the configured origins', async () => {
    const allowed = await fetch(`${gw.url}/api/v1/games`, { headers: { origin: 'https://partner.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const preflight = await fetch(`${gw.url}/api/v1/bets/singles`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const other = await fetch(`${gw.url}/api/v1/games`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('says the web bundles are not built when there is no shell', async () => {
    for (const path of ['/', '/live']) {
      const res = await fetch(bare.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain('not built');
      expect(html).toContain('npm run build:web');
    }
    expect((await fetch(`${bare.url}/api/v1/games`)).status).toBe(200);
  });
});
