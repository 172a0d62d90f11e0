import { describe, expect, it } from 'vitest';
import { delayAfter, retryMessage, type ThrottlePolicy } from './throttle';

const p: ThrottlePolicy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 10_000, windowMs: 60_000 };

describe('throttle policy', () => {
  it('lets the free failures through, then doubles the wait up to the ceiling', () => {
    expect([1, 2, 3].map((n) => delayAfter(n, p))).toEqual([0, 0, 0]);
    expect([4, 5, 6, 7, 8, 50].map((n) => delayAfter(n, p))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
  it('says how long to wait', () => {
    expect(retryMessage(1)).toBe('Too many failed attempts. Please try again in 1 second.');
    expect(retryMessage(4500)).toBe('Too many failed attempts. Please try again in 5 seconds.');
    expect(retryMessage(15 * 60_000)).toBe('Too many failed attempts. Please try again in 15 minutes.');
  });
});
