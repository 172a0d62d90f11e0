import { describe, expect, it } from 'vitest';
import { checkDeposit, depositLimitsFromEvent, depositWindows, NO_DEPOSIT_LIMITS } from './protection';

const now = new Date('2026-11-25T15:30:00Z'); // a Wednesday
const none = { daily: 0n, weekly: 0n, monthly: 0n };

describe('deposit windows', () => {
  it('are the UTC day, the week from Monday and the month', () => {
    const w = depositWindows(now);
    expect(w.daily.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(w.weekly.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(w.monthly.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(depositWindows(new Date('2026-11-22T23:59:00Z')).weekly.toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
  });
});

describe('checkDeposit', () => {
  const limits = depositLimitsFromEvent({
    daily: { limit: 50 },
    weekly: { limit: 0 },
    monthly: { limit: 500, pending: { value: 1000, effectiveAt: '2026-11-26T00:00:00.000Z' } },
  });

  it('lets a deposit within every limit through, to the cent', () => {
    expect(() =>
      checkDeposit(limits, { ...none, daily: 2000n, monthly: 2000n }, 3000n, null, now),
    ).not.toThrow();
    expect(() => checkDeposit(NO_DEPOSIT_LIMITS, none, 10_000_000n, null, now)).not.toThrow();
  });

  it('refuses one cent past a limit and says what is left', () => {
    expect(() => checkDeposit(limits, { ...none, daily: 2000n, monthly: 2000n }, 3001n, null, now)).toThrow(
      'This deposit would exceed your daily deposit limit of $50.00 ($20.00 deposited today, $30.00 left).',
    );
    expect(() => checkDeposit(limits, { daily: 0n, weekly: 0n, monthly: 49_000n }, 1001n, null, now)).toThrow(
      /monthly deposit limit of \$500\.00/,
    );
  });

  it('applies a pending loosening only once due', () => {
    const later = new Date('2026-11-26T00:00:00Z');
    expect(() =>
      checkDeposit(limits, { daily: 0n, weekly: 0n, monthly: 49_000n }, 2000n, null, later),
    ).not.toThrow();
  });

  it('refuses every deposit during a break, with 403', () => {
    try {
      checkDeposit(NO_DEPOSIT_LIMITS, none, 100n, new Date('2026-12-02T15:30:00Z'), now);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ code: 'excluded' }); // 403: routes/errors.ts
    }
    expect(() =>
      checkDeposit(NO_DEPOSIT_LIMITS, none, 100n, new Date('2026-11-25T15:29:00Z'), now),
    ).not.toThrow();
  });
});
