import { DomainError } from '@bet/kit/core';
import { describe, expect, it } from 'vitest';
import {
  anyWeeklyLimit,
  checkNotExcluded,
  checkWeeklyLimits,
  effectiveLimit,
  type UserLimits,
} from './limits';

const now = new Date('2026-11-20T12:00:00Z');
const limits = (count: number, stakeCents: number, pending: Partial<UserLimits> = {}): UserLimits => ({
  betCount: { limit: count },
  stakeCents: { limit: stakeCents },
  ...pending,
});
const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  return undefined;
};

describe('weekly limits', () => {
  it('a limit is in force when either is set now, or a pending one has come due', () => {
    const later = new Date(now.getTime() + 60_000);
    const earlier = new Date(now.getTime() - 60_000);
    expect(anyWeeklyLimit(limits(0, 0), now)).toBe(false);
    expect(anyWeeklyLimit(limits(3, 0), now)).toBe(true);
    expect(anyWeeklyLimit(limits(0, 500), now)).toBe(true);
    // a new limit waiting to apply is not in force yet; one that is due is
    expect(
      anyWeeklyLimit(
        limits(0, 0, { betCount: { limit: 0, pending: { value: 5, effectiveAt: later } } }),
        now,
      ),
    ).toBe(false);
    expect(
      anyWeeklyLimit(
        limits(0, 0, { stakeCents: { limit: 0, pending: { value: 900, effectiveAt: earlier } } }),
        now,
      ),
    ).toBe(true);
    // a removal that has come due lifts the limit
    expect(
      anyWeeklyLimit(
        limits(4, 0, { betCount: { limit: 4, pending: { value: 0, effectiveAt: earlier } } }),
        now,
      ),
    ).toBe(false);
  });

  it('0 disables a limit', () => {
    expect(() =>
      checkWeeklyLimits(
        limits(0, 0),
        { bets: 500, stakeCents: 10_000_000n },
        { bets: 10, stakeCents: 1_000_000n },
        now,
      ),
    ).not.toThrow();
  });

  it('counts singles as one bet each and refuses the bet that would go past the count', () => {
    expect(() =>
      checkWeeklyLimits(limits(5, 0), { bets: 2, stakeCents: 0n }, { bets: 3, stakeCents: 300n }, now),
    ).not.toThrow();
    const err = refusal(() =>
      checkWeeklyLimits(limits(5, 0), { bets: 3, stakeCents: 0n }, { bets: 3, stakeCents: 300n }, now),
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err?.code).toBe('weekly_bet_count_limit');
    expect(err?.message).toBe('This would exceed your weekly limit of 5 bets (3 placed this week, 2 left).');
  });

  it('refuses a stake that would take the week past the stake limit, to the cent', () => {
    expect(() =>
      checkWeeklyLimits(
        limits(0, 10_000),
        { bets: 1, stakeCents: 9_000n },
        { bets: 1, stakeCents: 1_000n },
        now,
      ),
    ).not.toThrow();
    const err = refusal(() =>
      checkWeeklyLimits(
        limits(0, 10_000),
        { bets: 1, stakeCents: 9_000n },
        { bets: 1, stakeCents: 1_001n },
        now,
      ),
    );
    expect(err?.code).toBe('weekly_stake_limit');
    expect(err?.message).toBe(
      'This would exceed your weekly stake limit of $100.00 ($90.00 staked this week, $10.00 left).',
    );
  });

  it('applies a pending increase only once it is due', () => {
    const pending = { limit: 2, pending: { value: 10, effectiveAt: new Date('2026-11-21T12:00:00Z') } };
    expect(effectiveLimit(pending, now)).toBe(2);
    expect(effectiveLimit(pending, new Date('2026-11-21T11:59:59.999Z'))).toBe(2);
    expect(effectiveLimit(pending, new Date('2026-11-21T12:00:00Z'))).toBe(10);
    const l = limits(0, 0, { betCount: pending });
    expect(
      refusal(() => checkWeeklyLimits(l, { bets: 2, stakeCents: 0n }, { bets: 1, stakeCents: 1n }, now))
        ?.code,
    ).toBe('weekly_bet_count_limit');
    expect(() =>
      checkWeeklyLimits(
        l,
        { bets: 2, stakeCents: 0n },
        { bets: 1, stakeCents: 1n },
        new Date('2026-11-22T00:00:00Z'),
      ),
    ).not.toThrow();
  });

  it('a pending removal (0) lifts the limit once due', () => {
    const l = limits(0, 0, {
      stakeCents: { limit: 500, pending: { value: 0, effectiveAt: new Date('2026-11-20T00:00:00Z') } },
    });
    expect(() =>
      checkWeeklyLimits(l, { bets: 0, stakeCents: 0n }, { bets: 1, stakeCents: 100_000n }, now),
    ).not.toThrow();
  });
});

describe('checkNotExcluded', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('lets a player without a running break through', () => {
    expect(() => checkNotExcluded(null, now)).not.toThrow();
    expect(() => checkNotExcluded(new Date('2026-11-21T11:59:59Z'), now)).not.toThrow();
    expect(() => checkNotExcluded(now, now)).not.toThrow();
  });
  it('refuses with the end of the break while it runs', () => {
    try {
      checkNotExcluded(new Date('2026-11-28T12:00:00Z'), now);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        code: 'excluded', // 403: routes/errors.ts
        message:
          'Your account is on a break from betting until 2026-11-28 12:00 UTC. You can still withdraw your balance.',
      });
    }
  });
});
