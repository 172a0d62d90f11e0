/** Day and week boundaries in a named time zone (the platform's players see local days). */

const DAY = 86_400_000;

/** Minutes the zone is ahead of UTC at that instant (Africa/Lagos: 60). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant local midnight starts the day containing `at`. */
export function startOfLocalDay(at: Date, offsetMinutes: number): Date {
  const off = offsetMinutes * 60_000;
  return new Date(Math.floor((at.getTime() + off) / DAY) * DAY - off);
}

/** 0 = Sunday … 6 = Saturday, in local time. */
export function localWeekday(at: Date, offsetMinutes: number): number {
  return new Date(at.getTime() + offsetMinutes * 60_000).getUTCDay();
}

export function localHour(at: Date, offsetMinutes: number): number {
  return new Date(at.getTime() + offsetMinutes * 60_000).getUTCHours();
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY);
}

export interface Range {
  from: Date;
  to: Date;
}

/** "Sat 21 Nov" for the local day of `at`. */
export function localDayLabel(at: Date, offsetMinutes: number): string {
  const d = new Date(at.getTime() + offsetMinutes * 60_000);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Sat 21 Nov, 13:30": a kick-off as the players' clocks show it. */
export function localDateTimeLabel(at: Date, offsetMinutes: number): string {
  const d = new Date(at.getTime() + offsetMinutes * 60_000);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${localDayLabel(at, offsetMinutes)}, ${hh}:${mm}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
