import { describe, expect, it } from 'vitest';
import { msToReach, multiplierAt, payoutOf } from './multiplier';

describe('multiplier curve', () => {
  it('starts at 1.00x and follows e^(0.00006 t)', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(1000)).toBe(Math.floor(100 * Math.exp(0.06)));
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
  });

  it('finds the first millisecond of each multiplier', () => {
    for (const h of [101, 150, 200, 244, 1000, 123_456]) {
      const t = msToReach(h);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(h);
      expect(multiplierAt(t - 1)).toBeLessThan(h);
    }
    expect(msToReach(100)).toBe(0);
  });

  it('pays stake × multiplier rounded down to the cent', () => {
    expect(payoutOf(1000n, 244)).toBe(2440n);
    expect(payoutOf(333n, 157)).toBe(522n); // 522.81 → 522
    expect(payoutOf(1n, 199)).toBe(1n);
  });
});
