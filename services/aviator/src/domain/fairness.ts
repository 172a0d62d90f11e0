import { createHash, createHmac } from 'node:crypto';

/**
 * The provably fair rules, in the form bustabit published them (its "v2" game result):
 *
 *   link(k+1)  = SHA-256(link(k))                       (over the 32 raw bytes)
 *   h          = HMAC-SHA256(key = salt as UTF-8 text, message = the round's 32 hash bytes)
 *   r          = the first 52 bits of h (13 hex digits), X = r / 2^52   (uniform in [0, 1))
 *   crash      = max(100, floor(99 / (1 − X))) hundredths
 *
 * so that P(crash ≥ x) = 0.99 / x for every x ≥ 1.00 with two decimals, and 1 % of rounds
 * crash at 1.00: the house edge. Nothing else feeds the crash point.
 */
export const HOUSE_EDGE = 0.01;
const BITS = 52;

const HEX64 = /^[0-9a-f]{64}$/;
export const isHash = (s: string) => HEX64.test(s);

/** SHA-256 of a chain link (the 32 bytes its 64 hex digits spell), as hex. */
export function nextLink(hashHex: string): string {
  return createHash('sha256').update(Buffer.from(hashHex, 'hex')).digest('hex');
}

/** The crash point, in hundredths of a multiplier (244 = 2.44x), of a round hash and the public salt. */
export function crashPointOf(hashHex: string, salt: string): number {
  const h = createHmac('sha256', salt).update(Buffer.from(hashHex, 'hex')).digest('hex');
  return crashPointFromHmac(h);
}

/** Step 2..4 of the formula on an HMAC in hex (shared with the browser verifier's test). */
export function crashPointFromHmac(hmacHex: string): number {
  const r = Number.parseInt(hmacHex.slice(0, BITS / 4), 16);
  const x = r / 2 ** BITS;
  return Math.max(100, Math.floor((100 - HOUSE_EDGE * 100) / (1 - x)));
}

/**
 * A round's own public commitment: SHA-256 of its (still secret) hash, which is the hash the
 * round before it revealed (the terminating hash for round 1). Shown while the round is
 * open and flying; at the crash anyone checks that the revealed hash hashes to it.
 */
export const commitmentOf = (roundHash: string) => nextLink(roundHash);

/** True when `hash` is the link right before `next` in the chain (SHA-256(hash) = next). */
export function isPreviousLink(hash: string, next: string): boolean {
  return isHash(hash) && isHash(next) && nextLink(hash) === next;
}
