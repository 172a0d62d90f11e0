import { createHmac } from 'node:crypto';

/**
 * A tiny seedable generator whose whole state is one 32-bit integer (mulberry32), so a
 * match's randomness can be stored with the match and resumed after a restart: the same
 * seed always gives the same match, however the ticks were spread over time.
 */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** the state to persist; feed it back to `rngFrom` to continue the sequence */
  readonly state: number;
}

export function rngFrom(state: number): Rng {
  let s = state >>> 0;
  return {
    next() {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    get state() {
      return s;
    },
  };
}

/**
 * The match engine's generator: HMAC-SHA256 in counter mode under a per-match key, eight
 * 32-bit draws per block. Its state is only how many draws were made, so a match still
 * resumes exactly after a restart; without the key (derived from the deployment's secret)
 * nothing about the next draw can be learned from the previous ones or from public data.
 */
export function secureRng(keyHex: string, drawn: number): Rng {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length < 16) throw new RangeError('a match key has at least 128 bits');
  let n = drawn;
  let blockIndex = -1;
  let block = Buffer.alloc(32);
  const counter = Buffer.alloc(8);
  return {
    next() {
      const b = Math.floor(n / 8);
      if (b !== blockIndex) {
        counter.writeBigUInt64BE(BigInt(b));
        block = createHmac('sha256', key).update(counter).digest();
        blockIndex = b;
      }
      const v = block.readUInt32BE((n % 8) * 4);
      n++;
      return v / 4294967296;
    },
    get state() {
      return n;
    },
  };
}

/** One match's key: HMAC(deployment secret, fixture key). The secret never leaves the games service. */
export function matchKey(secretHex: string, fixtureKey: string): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`match|${fixtureKey}`).digest('hex');
}

/** FNV-1a: a stable 32-bit hash of text, used to derive independent seeds. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seed for one purpose (a league season, a match) derived from the run's seed. */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  return hash32(`${seed}|${parts.join('|')}`);
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)];
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.next() * (max - min + 1));
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
