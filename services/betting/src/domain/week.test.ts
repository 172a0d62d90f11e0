import { describe, expect, it } from 'vitest';
import { dayStart, monthStart, weekRange, weekStart } from './week';

describe('the betting week (calendar week, UTC, from Monday 00:00)', () => {
  it.each([
    ['2026-11-16T00:00:00.000Z', '2026-11-16T00:00:00.000Z'], // Monday midnight starts a week
    ['2026-11-18T13:45:00.000Z', '2026-11-16T00:00:00.000Z'], // Wednesday
    ['2026-11-22T23:59:59.999Z', '2026-11-16T00:00:00.000Z'], // the last instant of Sunday
    ['2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z'], // the next Monday
    ['2026-03-01T10:00:00.000Z', '2026-02-23T00:00:00.000Z'], // Sunday 1 March: week began in February
    ['2027-01-01T08:00:00.000Z', '2026-12-28T00:00:00.000Z'], // across the new year
  ])('%s belongs to the week starting %s', (at, start) => {
    expect(weekStart(new Date(at)).toISOString()).toBe(start);
  });

  it('ignores the local time zone: an instant that is Monday in Lagos but Sunday in UTC is in the old week', () => {
    // 2026-11-22T23:30Z is Monday 00:30 in Lagos (UTC+1)
    expect(weekStart(new Date('2026-11-22T23:30:00+00:00')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('spans exactly seven days', () => {
    const { start, end } = weekRange(new Date('2026-11-20T12:00:00Z'));
    expect(end.getTime() - start.getTime()).toBe(7 * 86_400_000);
    expect(end.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('gives the calendar month and day in UTC', () => {
    expect(monthStart(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(dayStart(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
