import { describe, expect, it } from 'vitest';
import { dayLabel } from './format';

describe('dayLabel', () => {
  const now = new Date(2026, 10, 26, 9, 30);

  it('names today and yesterday by the reader’s calendar day, not by 24 hours', () => {
    expect(dayLabel(new Date(2026, 10, 26, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 25, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 25, 0, 1), now)).toBe('Yesterday');
  });

  it('gives an older day its weekday and date, and the year only when it is another year', () => {
    const older = dayLabel(new Date(2026, 10, 23, 12), now);
    expect(older).toMatch(/Monday/);
    expect(older).toMatch(/23/);
    expect(older).not.toMatch(/2026/);
    expect(dayLabel(new Date(2025, 11, 31, 12), now)).toMatch(/2025/);
  });

  it('says nothing for a missing or broken date', () => {
    expect(dayLabel(null, now)).toBe('');
    expect(dayLabel('not a date', now)).toBe('');
  });
});
