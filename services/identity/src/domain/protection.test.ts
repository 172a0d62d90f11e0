import { describe, expect, it } from 'vitest';
import {
  activeExclusion,
  exclusionMessage,
  NO_PROTECTION,
  periodEnd,
  protectionFromJson,
  protectionToJson,
  requestDepositLimits,
  requestExclusion,
  settleProtection,
} from './protection';

const now = new Date('2026-01-31T10:00:00Z');
const H = 3_600_000;

describe('time-out and self-exclusion', () => {
  it('ends after exactly the period, months by the calendar', () => {
    expect(periodEnd('time_out', '24h', now).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(periodEnd('time_out', '30d', now).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    // 31 January + 6 months is the last day of July, + 1 month would be 28 February
    expect(periodEnd('self_exclusion', '6m', now).toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(periodEnd('self_exclusion', '1y', now).toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(periodEnd('self_exclusion', '5y', now).toISOString()).toBe('2031-01-31T10:00:00.000Z');
  });

  it('can be made longer or stronger, never shorter or weaker', () => {
    const week = requestExclusion(NO_PROTECTION, 'time_out', '7d', now);
    expect(activeExclusion(week, now)).toMatchObject({
      kind: 'time_out',
      until: new Date(now.getTime() + 168 * H),
    });
    // a shorter time-out asked for later changes nothing
    const later = new Date(now.getTime() + H);
    expect(requestExclusion(week, 'time_out', '24h', later).exclusion).toEqual(week.exclusion);
    // a self-exclusion replaces it, and keeps when the break started
    const excl = requestExclusion(week, 'self_exclusion', '6m', later);
    expect(excl.exclusion).toMatchObject({ kind: 'self_exclusion', startedAt: now });
    // a time-out on top of a self-exclusion leaves it a self-exclusion
    expect(requestExclusion(excl, 'time_out', '30d', later).exclusion?.kind).toBe('self_exclusion');
  });

  it('runs out by itself, and then a new break starts afresh', () => {
    const day = requestExclusion(NO_PROTECTION, 'time_out', '24h', now);
    const after = new Date(now.getTime() + 25 * H);
    expect(activeExclusion(day, after)).toBeNull();
    expect(settleProtection(day, after).exclusion).toBeNull();
    expect(requestExclusion(day, 'time_out', '24h', after).exclusion?.startedAt).toEqual(after);
  });

  it('explains itself with the date and the way out for the money', () => {
    const e = requestExclusion(NO_PROTECTION, 'self_exclusion', '1y', now).exclusion!;
    expect(exclusionMessage(e)).toBe(
      'Your account is self-excluded until 2027-01-31 10:00 UTC. You can still withdraw your balance.',
    );
  });
});

describe('deposit limits', () => {
  it('tighten at once and loosen after the cooling-off, like the bet limits', () => {
    const set = requestDepositLimits(NO_PROTECTION, { daily: 5000, weekly: 0, monthly: 20000 }, now, 24 * H);
    // from none to a limit is stricter: at once
    expect(set.deposit.daily).toEqual({ limit: 5000, pending: null });
    const looser = requestDepositLimits(set, { daily: 10000, weekly: 0, monthly: 20000 }, now, 24 * H);
    expect(looser.deposit.daily).toEqual({
      limit: 5000,
      pending: { value: 10000, effectiveAt: new Date(now.getTime() + 24 * H) },
    });
    expect(settleProtection(looser, new Date(now.getTime() + 24 * H)).deposit.daily).toEqual({
      limit: 10000,
      pending: null,
    });
  });

  it('survives its stored form', () => {
    const p = requestDepositLimits(
      requestExclusion({ ...NO_PROTECTION, realityCheckMinutes: 30 }, 'time_out', '7d', now),
      { daily: 1, weekly: 2, monthly: 3 },
      now,
      0,
    );
    expect(protectionFromJson(protectionToJson(p))).toEqual(p);
    expect(protectionFromJson({})).toEqual(NO_PROTECTION);
  });
});
