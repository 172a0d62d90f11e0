import { describe, expect, it } from 'vitest';
import { assignCounts, planIncrements } from './rate-counts';

describe('rate counts taken together', () => {
  const batch = [
    { key: 'a', windowMs: 60_000 },
    { key: 'b', windowMs: 1_000 },
    { key: 'a', windowMs: 60_000 },
    { key: 'a', windowMs: 60_000 },
  ];

  it('adds each counter once, by how many requests it has, with its window', () => {
    expect(planIncrements(batch)).toEqual({ keys: ['a', 'b'], args: [3, 60_000, 1, 1_000] });
  });

  it("gives each request its own place in its counter's new total, in order", () => {
    // a was at 9 (now 12), b is new (now 1)
    const counts = assignCounts(batch, ['a', 'b'], [12, 41_000, 1, 1_000]);
    expect(counts).toEqual([
      { current: 10, ttl: 41_000 },
      { current: 1, ttl: 1_000 },
      { current: 11, ttl: 41_000 },
      { current: 12, ttl: 41_000 },
    ]);
  });
});
