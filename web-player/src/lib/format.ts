import { initials as shellInitials } from '@bet/web-shell/core';
import { formatDistanceToNowStrict, isSameDay, subDays } from 'date-fns';

function num(n: unknown): number {
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? v : 0;
}

/** money has one format in the web: the shell's (`formatMoney` and its signed and compact forms) */
export {
  formatCompactMoney as compactMoney,
  formatMoney as money,
  formatSignedMoney as signedMoney,
} from '@bet/web-shell/core';

export function odds(n: unknown): string {
  return num(n).toFixed(2);
}

/** "30 seconds ago", "5 minutes ago", "3 hours ago", "12 days ago". */
export function timeAgo(date: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (!date) return '';
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const diff = Math.abs(now.getTime() - d.getTime()) / 1000;
  const unit = diff < 60 ? 'second' : diff < 3600 ? 'minute' : diff < 86400 ? 'hour' : 'day';
  return formatDistanceToNowStrict(d, { addSuffix: true, unit, roundingMethod: 'floor' });
}

/**
 * A day's heading in a list: "Today", "Yesterday", else "Monday, November 23" in the reader's
 * locale (with the year when it is not this one).
 */
export function dayLabel(date: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (!date) return '';
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  if (isSameDay(d, now)) return 'Today';
  if (isSameDay(d, subDays(now, 1))) return 'Yesterday';
  return d.toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

export function dateTime(date: string | number | Date | null | undefined): string {
  if (!date) return '';
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function shortDate(date: string | number | Date | null | undefined): string {
  if (!date) return '';
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** the shell's one rule for avatar initials */
export function initials(first?: string | null, last?: string | null, username?: string | null): string {
  return shellInitials({ firstName: first, lastName: last, username });
}

export const OUTCOME_LABEL: Record<string, string> = { A: 'Home', Draw: 'Draw', B: 'Away' };
