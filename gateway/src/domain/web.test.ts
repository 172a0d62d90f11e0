import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, inlineScriptHashes, isSpaPath, isStaticAsset } from './web';

describe('web bundle rules', () => {
  it('caches a precompressed copy like the file it stands for', () => {
    expect(cacheControlFor('623.e658482e.js.br')).toBe(cacheControlFor('623.e658482e.js'));
    expect(cacheControlFor('remoteEntry.js.gz')).toBe('no-cache');
  });

  it('caches by file name', () => {
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('main.752b3419.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('792.43b4f5d0.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('favicon.ico')).toBe('public, max-age=3600');
    expect(cacheControlFor('main.js')).toBe('public, max-age=3600');
  });

  it('falls back to the app only for browser routes', () => {
    for (const p of ['/', '/live', '/games/5f1d7f0c9b1e8a3d4c2b1a01', '/slip/abc?ref=x', '/admin/users'])
      expect(isSpaPath(p), p).toBe(true);
    for (const p of [
      '/api/v1/games',
      '/api',
      '/socket.io/?EIO=4',
      '/remotes/player/x',
      '/main.1234abcd.js',
      '/robots.txt',
    ]) {
      expect(isSpaPath(p), p).toBe(false);
    }
  });

  it('hashes inline scripts only', () => {
    const body = 'window.x=1';
    const html = `<script>${body}</script><script src="/a.js"></script><script defer src="/b.js"></script><SCRIPT type="module">${body}</SCRIPT>`;
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected, expected]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('isStaticAsset', () => {
  it('counts crests, avatars and bundle files as static, API calls and app pages not', () => {
    expect(isStaticAsset('GET', '/api/v1/games/logos/enyimba.svg')).toBe(true);
    expect(isStaticAsset('HEAD', `/api/v1/users/avatars/${'a'.repeat(24)}?v=1`)).toBe(true);
    expect(isStaticAsset('GET', '/remotes/player/remoteEntry.js')).toBe(true);
    expect(isStaticAsset('GET', '/static/js/main.0123abcd.js')).toBe(true);
    expect(isStaticAsset('GET', '/api/v1/games')).toBe(false);
    expect(isStaticAsset('GET', '/api/v1/games/logos')).toBe(false);
    expect(isStaticAsset('GET', '/api/v1/games/x.json')).toBe(false);
    expect(isStaticAsset('POST', '/api/v1/games/logos/enyimba.svg')).toBe(false);
    expect(isStaticAsset('GET', '/wallet')).toBe(false);
    expect(isStaticAsset('GET', '/socket.io/x.js')).toBe(false);
  });
});
