import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildChainNow, ChainReader } from './chain';
import { crashPointFromHmac, crashPointOf, isPreviousLink, nextLink } from './fairness';

const SEED = createHash('sha256').update('aviator test seed').digest('hex');
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

describe('crash point formula', () => {
  it('maps the extremes of the 52 bits as bustabit does', () => {
    expect(crashPointFromHmac(`0000000000000${'f'.repeat(51)}`)).toBe(100); // X = 0 → 99/1 → 1.00
    expect(crashPointFromHmac(`8000000000000${'0'.repeat(51)}`)).toBe(198); // X = 1/2 → 1.98
    expect(crashPointFromHmac(`c000000000000${'0'.repeat(51)}`)).toBe(396); // X = 3/4 → 3.96
    expect(crashPointFromHmac(`fffffffffffff${'0'.repeat(51)}`)).toBe(Math.floor(99 * 2 ** 52));
  });

  it('depends on the hash and on the salt', () => {
    const hashes: string[] = [];
    for (let h = nextLink(SEED); hashes.length < 200; h = nextLink(h)) hashes.push(h);
    const points = hashes.map((h) => crashPointOf(h, SALT));
    expect(hashes.map((h) => crashPointOf(h, SALT))).toEqual(points);
    // two rounds share a crash point only by chance (both 1.00x about 0.04 % of the time, ...)
    expect(new Set(points).size).toBeGreaterThan(150);
    // and so does the same hash under another salt
    const moved = hashes.filter((h, i) => crashPointOf(h, 'another salt') !== points[i]);
    expect(moved.length).toBeGreaterThan(180);
    // one bit of the hash flipped is another round
    const flipped = hashes.filter(
      (h, i) =>
        crashPointOf(`${h.slice(0, 63)}${(Number.parseInt(h[63], 16) ^ 1).toString(16)}`, SALT) !== points[i],
    );
    expect(flipped.length).toBeGreaterThan(180);
    // exactly the HMAC keyed by the salt's text over the hash's 32 bytes
    for (const h of hashes.slice(0, 10))
      expect(crashPointOf(h, SALT)).toBe(
        crashPointFromHmac(createHmac('sha256', SALT).update(Buffer.from(h, 'hex')).digest('hex')),
      );
  });

  it('over 100,000 chain-derived rounds follows P(crash ≥ x) = 0.99 / x (chi-square, df 10)', () => {
    const n = 100_000;
    const chain = buildChainNow({ seed: SEED, length: n + 1, every: 1000 });
    const reader = new ChainReader(chain);
    const edges = [100, 101, 120, 150, 200, 300, 500, 1000, 2000, 5000, 10_000];
    const survival = (h: number) => (h <= 100 ? 1 : 99 / h); // P(crash ≥ h/100)
    const counts = new Array(edges.length).fill(0);
    for (let r = 1; r <= n; r++) {
      const c = crashPointOf(reader.roundHash(r), SALT);
      let bin = edges.length - 1;
      for (let i = 0; i < edges.length - 1; i++)
        if (c >= edges[i] && c < edges[i + 1]) {
          bin = i;
          break;
        }
      counts[bin]++;
    }
    let chi = 0;
    for (let i = 0; i < edges.length; i++) {
      const p = survival(edges[i]) - (i + 1 < edges.length ? survival(edges[i + 1]) : 0);
      const expected = n * p;
      chi += (counts[i] - expected) ** 2 / expected;
    }
    // 99.9 % quantile of chi-square with 10 degrees of freedom: 29.59
    expect(chi).toBeLessThan(29.59);
    // rounds shown as 1.00x: P(crash < 1.01) = 1 − 0.99 / 1.01 ≈ 1.98 %
    expect(Math.abs(counts[0] / n - (1 - 99 / 101))).toBeLessThan(0.002);
  });

  it('passes a Kolmogorov–Smirnov test on the uniform behind the crash points', () => {
    // U = 0.99 / crash is uniform on (0, 0.99] for crash > 1.00 (discreteness aside): compare CDFs
    const n = 100_000;
    const chain = buildChainNow({ seed: nextLink(SEED), length: n + 1, every: 5000 });
    const reader = new ChainReader(chain);
    const points: number[] = [];
    for (let r = 1; r <= n; r++) points.push(crashPointOf(reader.roundHash(r), SALT));
    // empirical survival vs 0.99/x on a grid of multipliers
    const sorted = points.sort((a, b) => a - b);
    let d = 0;
    for (const x of [101, 110, 125, 150, 175, 200, 250, 300, 400, 600, 1000, 2000, 5000, 10_000, 100_000]) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      const empirical = (sorted.length - lo) / n;
      d = Math.max(d, Math.abs(empirical - 99 / x));
    }
    // KS critical value at alpha 0.001: 1.95 / sqrt(n)
    expect(d).toBeLessThan(1.95 / Math.sqrt(n));
  });
});

describe('hash chain', () => {
  const chain = buildChainNow({ seed: SEED, length: 3000, every: 128 });
  const reader = new ChainReader(chain);

  it('ends in the terminating hash and every link is SHA-256 of the one before', () => {
    let link = SEED;
    for (let k = 1; k <= 3000; k++) link = nextLink(link);
    expect(chain.terminatingHash).toBe(link);
    expect(reader.link(0)).toBe(SEED);
    for (const k of [1, 127, 128, 129, 1000, 2999]) expect(nextLink(reader.link(k))).toBe(reader.link(k + 1));
  });

  it('is consumed from the end: the published hash verifies every revealed round in order', () => {
    let previous = chain.terminatingHash;
    for (let round = 1; round < 3000; round++) {
      const hash = reader.roundHash(round);
      expect(isPreviousLink(hash, previous)).toBe(true);
      previous = hash;
    }
    expect(previous).toBe(nextLink(SEED)); // the seed itself is never played
    expect(() => reader.roundHash(3000)).toThrow();
  });

  it('does not verify a forged or reordered hash', () => {
    expect(isPreviousLink(reader.roundHash(2), chain.terminatingHash)).toBe(false);
    expect(isPreviousLink('ab'.repeat(32), chain.terminatingHash)).toBe(false);
    expect(isPreviousLink('not hex', chain.terminatingHash)).toBe(false);
  });
});
