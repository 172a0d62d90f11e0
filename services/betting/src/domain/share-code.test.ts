import { describe, expect, it } from 'vitest';
import { newShareCode, SHARE_CODE_PATTERN } from './share-code';

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
