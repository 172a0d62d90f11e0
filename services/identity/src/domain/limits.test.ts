import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LimitState, limitsView, requestLimit, settleLimit } from './limits';

const DAY = 86_400_000;
const now = new Date('2026-11-21T12:00:00Z');
const none: LimitState = { limit: 0, pending: null };

describe('limit changes', () => {
  it('a first limit (from none) is stricter and applies at once', () => {
    expect(requestLimit(none, 10, now, DAY)).toEqual({ limit: 10, pending: null });
  });

  it('a decrease applies at once and cancels a pending increase', () => {
    const withPending = { limit: 10, pending: { value: 20, effectiveAt: new Date(now.getTime() + DAY) } };
    expect(requestLimit(withPending, 5, now, DAY)).toEqual({ limit: 5, pending: null });
    expect(requestLimit(withPending, 10, now, DAY)).toEqual({ limit: 10, pending: null });
  });

  it('an increase waits for the cooling-off', () => {
    const s = requestLimit({ limit: 10, pending: null }, 20, now, DAY);
    expect(s.limit).toBe(10);
    expect(s.pending).toEqual({ value: 20, effectiveAt: new Date(now.getTime() + DAY) });
  });

  it('removing a limit (0) is a loosening and waits too', () => {
    const s = requestLimit({ limit: 10, pending: null }, 0, now, DAY);
    expect(s).toEqual({ limit: 10, pending: { value: 0, effectiveAt: new Date(now.getTime() + DAY) } });
  });

  it('asking again for the pending value keeps its effective time', () => {
    const first = requestLimit({ limit: 10, pending: null }, 20, now, DAY);
    const later = new Date(now.getTime() + DAY / 2);
    expect(requestLimit(first, 20, later, DAY)).toBe(first);
    // a different loosening restarts the clock
    expect(requestLimit(first, 30, later, DAY).pending).toEqual({
      value: 30,
      effectiveAt: new Date(later.getTime() + DAY),
    });
  });

  it('a pending change is applied once due, not before', () => {
    const s = requestLimit({ limit: 10, pending: null }, 20, now, DAY);
    expect(settleLimit(s, new Date(now.getTime() + DAY - 1))).toBe(s);
    expect(settleLimit(s, new Date(now.getTime() + DAY))).toEqual({ limit: 20, pending: null });
  });

  it('never loosens the effective limit immediately (property)', () => {
    const loose = (v: number) => (v === 0 ? Number.POSITIVE_INFINITY : v);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (current, requested) => {
        const s = requestLimit({ limit: current, pending: null }, requested, now, DAY);
        expect(loose(s.limit)).toBeLessThanOrEqual(loose(current));
        if (loose(requested) <= loose(current)) expect(s).toEqual({ limit: requested, pending: null });
        else
          expect(s).toEqual({
            limit: current,
            pending: { value: requested, effectiveAt: new Date(now.getTime() + DAY) },
          });
      }),
    );
  });

  it('shows the stake in dollars', () => {
    const view = limitsView({
      betCount: { limit: 5, pending: null },
      stakeCents: { limit: 12_345, pending: { value: 50_000, effectiveAt: now } },
    });
    expect(view).toEqual({
      weeklyBetCount: { limit: 5 },
      weeklyStakeAmount: { limit: 123.45, pending: { value: 500, effectiveAt: now.toISOString() } },
    });
  });
});
