import { describe, expect, it } from 'vitest';
import { corsOrigins, loadGatewayConfig, trustProxyOption } from './config';

describe('gateway config', () => {
  it('has working defaults', () => {
    const c = loadGatewayConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.IDENTITY_URL).toBe('http://127.0.0.1:4001');
    expect(c.ADMIN_URL).toBe('http://127.0.0.1:4007');
    expect(c.RATE_LIMIT_AUTH_MAX).toBeLessThan(c.RATE_LIMIT_MAX);
  });

  it('names a bad value clearly', () => {
    expect(() => loadGatewayConfig({ RATE_LIMIT_MAX: 'lots', PORT: '-1' })).toThrow(
      /RATE_LIMIT_MAX[\s\S]*PORT|PORT[\s\S]*RATE_LIMIT_MAX/,
    );
  });

  it('reads TRUST_PROXY and CORS_ORIGINS', () => {
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('')).toBe(false);
    expect(trustProxyOption('true')).toBe(true);
    expect(trustProxyOption('2')).toBe(2);
    expect(trustProxyOption('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(corsOrigins('')).toEqual([]);
    expect(corsOrigins('https://a.example/, https://b.example')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(corsOrigins('*')).toBe('*');
  });
});
