import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHARE_CODE_LENGTH = 12;
export const SHARE_CODE_PATTERN = '^[0-9A-Za-z]{10,32}$';

/**
 * A short, unguessable slip code: 12 base62 characters from the CSPRNG (~71 bits).
 * Bytes ≥ 248 are skipped so every character is equally likely.
 */
export function newShareCode(
  length = SHARE_CODE_LENGTH,
  random: (n: number) => Buffer = randomBytes,
): string {
  let out = '';
  while (out.length < length) {
    for (const b of random(length * 2)) {
      if (b >= 248) continue;
      out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
