import { describe, expect, it } from 'vitest';
import { bookMargin, expectedValue, fairProbabilities, impliedProbabilities } from './odds';

describe('odds', () => {
  it('implied probabilities are 1/odds and the margin is their excess over 100 %', () => {
    const o = { home: 2.0, draw: 3.4, away: 4.0 };
    const p = impliedProbabilities(o);
    expect(p.home).toBeCloseTo(0.5);
    expect(bookMargin(o)).toBeCloseTo(0.5 + 1 / 3.4 + 0.25 - 1, 6);
  });
  it('fair probabilities remove the margin and add up to one', () => {
    const f = fairProbabilities({ home: 1.8, draw: 3.6, away: 4.5 });
    expect(f.home + f.draw + f.away).toBeCloseTo(1, 9);
    expect(f.home).toBeGreaterThan(f.away);
  });
  it('expected value is p × price − 1', () => {
    expect(expectedValue(0.5, 2.2)).toBeCloseTo(0.1);
    expect(expectedValue(0.25, 3)).toBeCloseTo(-0.25);
  });
});
