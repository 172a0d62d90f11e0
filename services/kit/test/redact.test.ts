import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../src/auth/tokens';
import { redactUrl } from '../src/http/redact';
import { createServer } from '../src/http/server';
import { createLogger } from '../src/logger';

describe('secrets in URLs stay out of the logs (issue 13, item 13)', () => {
  it('blanks the reset token in the path and sign-in tokens and codes in the query', () => {
    expect(redactUrl('/api/v1/auth/reset-password/abcDEF123_-x')).toBe(
      '/api/v1/auth/reset-password/[redacted]',
    );
    expect(redactUrl('/social-auth-success?accessToken=a.b.c&refreshToken=d.e.f&x=1')).toBe(
      '/social-auth-success?accessToken=[redacted]&refreshToken=[redacted]&x=1',
    );
    expect(redactUrl('/api/v1/auth/google/callback?code=secret&state=s2')).toBe(
      '/api/v1/auth/google/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/api/v1/games?status=live&limit=5')).toBe('/api/v1/games?status=live&limit=5');
  });

  it('in the request lines every service writes', async () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await createServer({
      name: 'probe',
      logger: createLogger('probe', 'info', {}, out),
      verifier: {} as TokenVerifier,
    });
    app.post('/api/v1/auth/reset-password/:token', { config: { auth: 'public' } }, async () => ({ ok: 1 }));
    app.get('/social-auth-success', { config: { auth: 'public' } }, async () => ({ ok: 1 }));
    await app.inject({ method: 'POST', url: '/api/v1/auth/reset-password/live-reset-secret', payload: {} });
    await app.inject('/social-auth-success?accessToken=live-access&refreshToken=live-refresh');
    const text = lines.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('[redacted]');
    for (const secret of ['live-reset-secret', 'live-access', 'live-refresh'])
      expect(text).not.toContain(secret);
    await app.close();
  });
});
