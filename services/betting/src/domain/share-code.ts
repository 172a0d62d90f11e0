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

/**
 * Booking codes: 8 characters a player reads aloud or types on a phone, from an alphabet without
 * look-alikes (no 0/O, 1/I/L, U). 30^8 ≈ 6.6e11 codes; a collision is retried by the caller.
 */
export const BOOKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_CODE_LENGTH = 8;
const BOOKING_RE = new RegExp(`^[${BOOKING_ALPHABET}]{${BOOKING_CODE_LENGTH}}$`);

export function newBookingCode(random: (n: number) => Buffer = randomBytes): string {
  // 30 symbols: bytes ≥ 240 (= 8 × 30) are skipped so every symbol is equally likely
  let out = '';
  while (out.length < BOOKING_CODE_LENGTH) {
    for (const b of random(BOOKING_CODE_LENGTH * 2)) {
      if (b >= 240) continue;
      out += BOOKING_ALPHABET[b % BOOKING_ALPHABET.length];
      if (out.length === BOOKING_CODE_LENGTH) break;
    }
  }
  return out;
}

/** A typed booking code as stored (upper case, spaces and dashes dropped); null when it cannot be one. */
export function normalizeBookingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return BOOKING_RE.test(code) ? code : null;
}
