import { describe, expect, it } from 'vitest';
import { ManualClock, parseDuration } from './clock';

describe('durations', () => {
  it('reads units and plain seconds', () => {
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('900')).toBe(900_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('250ms')).toBe(250);
  });
  it('refuses nonsense and zero', () => {
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    expect(() => parseDuration('0s')).toThrow(/positive/);
  });
  it('manual clock moves only when told', () => {
    const c = new ManualClock(1000);
    expect(c.now().getTime()).toBe(1000);
    c.advance(500);
    expect(c.now().getTime()).toBe(1500);
  });
});
