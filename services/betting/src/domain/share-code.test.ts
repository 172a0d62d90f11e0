import { describe, expect, it } from 'vitest';
import { newBookingCode, newShareCode, normalizeBookingCode, SHARE_CODE_PATTERN } from './share-code';

describe('share codes', () => {
  it('are 12 base62 characters and do not repeat', () => {
    const codes = new Set(Array.from({ length: 5_000 }, () => newShareCode()));
    expect(codes.size).toBe(5_000);
    for (const c of codes) expect(c).toMatch(new RegExp(SHARE_CODE_PATTERN));
    expect([...codes][0]).toHaveLength(12);
  });

  it('skip biased bytes so every character is equally likely', () => {
    // 248..255 would map onto 0..7 a second time; they must be dropped
    const bytes = [248, 255, 0, 61, 62, 247];
    const code = newShareCode(4, () => Buffer.from(bytes));
    expect(code).toBe('0z0z');
  });
});

describe('booking codes', () => {
  it('are 8 characters without look-alikes, and a typed code is normalized', () => {
    const codes = new Set(Array.from({ length: 5_000 }, () => newBookingCode()));
    expect(codes.size).toBe(5_000);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
    const code = [...codes][0];
    expect(normalizeBookingCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(code);
    expect(normalizeBookingCode('ABCD0EFG')).toBeNull(); // 0 is not in the alphabet
    expect(normalizeBookingCode('ABC')).toBeNull();
  });
});
