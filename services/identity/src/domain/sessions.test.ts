import { describe, expect, it } from 'vitest';
import { judgeRefresh } from './sessions';

const now = new Date('2026-01-01T00:00:00Z');
const eq = (a: string, b: string) => a === b;
const fresh = {
  tokenHash: 'h',
  usedAt: null,
  revokedAt: null,
  expiresAt: new Date(now.getTime() + 1000),
  lastUsedAt: new Date(now.getTime() - 500),
};

describe('refresh verdicts', () => {
  it('ends a session left unused for longer than the idle lifetime', () => {
    expect(judgeRefresh(fresh, 'h', now, eq, 1000)).toBe('ok');
    expect(judgeRefresh(fresh, 'h', now, eq, 400)).toBe('idle');
  });
  it('accepts a fresh token', () => {
    expect(judgeRefresh(fresh, 'h', now, eq)).toBe('ok');
  });
  it('spots reuse, revocation, expiry and forgery', () => {
    expect(judgeRefresh({ ...fresh, usedAt: now }, 'h', now, eq)).toBe('reused');
    expect(judgeRefresh({ ...fresh, usedAt: now, revokedAt: now }, 'h', now, eq)).toBe('revoked');
    expect(judgeRefresh({ ...fresh, expiresAt: now }, 'h', now, eq)).toBe('expired');
    expect(judgeRefresh(fresh, 'other', now, eq)).toBe('unknown');
    expect(judgeRefresh(undefined, 'h', now, eq)).toBe('unknown');
  });
});
