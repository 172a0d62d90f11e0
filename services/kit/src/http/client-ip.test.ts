import { describe, expect, it } from 'vitest';
import { clientIp, trustedProxies } from './client-ip';

describe('client address', () => {
  const list = trustedProxies('loopback,private');
  it('uses the socket address when there is no forwarding header', () => {
    expect(clientIp('203.0.113.9', undefined, list)).toBe('203.0.113.9');
    expect(clientIp('::ffff:198.51.100.2', undefined, list)).toBe('198.51.100.2');
  });
  it('believes X-Forwarded-For from a trusted proxy', () => {
    expect(clientIp('10.0.0.5', '203.0.113.9', list)).toBe('203.0.113.9');
    expect(clientIp('127.0.0.1', '198.51.100.7, 10.0.0.5', list)).toBe('198.51.100.7');
  });
  it('ignores X-Forwarded-For from anyone else', () => {
    expect(clientIp('203.0.113.9', '1.2.3.4', list)).toBe('203.0.113.9');
    // a client that forges a hop before a real proxy only names itself
    expect(clientIp('10.0.0.5', '1.2.3.4, 203.0.113.9', list)).toBe('203.0.113.9');
  });
  it('trusts nobody with none, and reads explicit addresses and ranges', () => {
    expect(clientIp('127.0.0.1', '203.0.113.9', trustedProxies('none'))).toBe('127.0.0.1');
    expect(clientIp('198.51.100.1', '203.0.113.9', trustedProxies('198.51.100.0/24'))).toBe('203.0.113.9');
    expect(() => trustedProxies('nonsense')).toThrow(/TRUSTED_PROXIES/);
  });
});
