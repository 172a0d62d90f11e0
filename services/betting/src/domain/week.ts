/**
 * "Weekly" everywhere in betting (responsible-gambling limits, the weekly leaderboard) is
 * the calendar week in UTC, from Monday 00:00:00.000 inclusive to the next Monday
 * exclusive. A limit therefore resets at the same instant for every player, whatever
 * their time zone, and a bet at Sunday 23:59:59.999 UTC belongs to the old week.
 */
export const DAY_MS = 86_400_000;

export function weekStart(at: Date): Date {
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - sinceMonday));
}

export function weekRange(at: Date): { start: Date; end: Date } {
  const start = weekStart(at);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** First instant of the calendar month (UTC) containing `at` (the monthly leaderboard). */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** Midnight UTC of the day containing `at`. */
export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
