import { badRequest, type FieldError } from '../errors';

/** A request URL without its query string (it runs on every request: no split, no array). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** A 400 naming one field, in the `{ msg, errors[] }` shape. */
export function fieldError(path: string, msg: string, location: FieldError['location'] = 'body') {
  return badRequest(msg, [{ path, location, msg }]);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('+010000-01-01T00:00:00.000Z');

/**
 * startDate/endDate query values: a day (a whole UTC day, the end day included) or an
 * instant; '' means absent. Dates Postgres cannot store and ends before starts are a 400.
 */
export function dateRange(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  const parse = (value: string | undefined, field: string, end: boolean): Date | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const ms = Date.parse(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
    const at = new Date(end ? (DAY.test(value) ? ms + 86_400_000 : ms + 1) : ms);
    if (!(at.getTime() >= FIRST_MS && at.getTime() <= LAST_MS))
      throw fieldError(field, `${field} must be a date (YYYY-MM-DD) or a date-time`, 'query');
    return at;
  };
  const from = parse(startDate, 'startDate', false);
  const to = parse(endDate, 'endDate', true);
  if (from && to && from >= to) throw fieldError('endDate', 'endDate must not be before startDate', 'query');
  return { from, to };
}

/**
 * Page count of a list: an empty list is one empty page (`totalPages: 1`), the same in
 * every service (docs/api-conventions.md).
 */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The page envelope of a list call: `{ [key]: items, currentPage, totalPages, totalCount }`. */
export function pageOf<K extends string, T>(
  key: K,
  items: T[],
  q: { page: number; limit: number; total: number },
): { [P in K]: T[] } & { currentPage: number; totalPages: number; totalCount: number } {
  return {
    [key]: items,
    currentPage: q.page,
    totalPages: pageCount(q.total, q.limit),
    totalCount: q.total,
  } as { [P in K]: T[] } & { currentPage: number; totalPages: number; totalCount: number };
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * One date-time field from the edge (a body's `matchDate`, a list's `from`/`to`): ISO 8601,
 * a date-time without a zone taken as UTC, the calendar checked (no 31 February). A day alone
 * is accepted where `dateOnly` says so: the first or the last millisecond of that UTC day.
 * (`dateRange` reads the `startDate`/`endDate` pair of the statement lists.)
 */
export function parseDateTime(
  value: string,
  field: string,
  location: FieldError['location'],
  dateOnly?: 'start' | 'end',
): Date {
  const msg = `${field} must be a date-time (ISO 8601), e.g. 2026-05-01T15:00:00Z`;
  const fail = () => badRequest(msg, [{ path: field, location, msg }]);
  const m = DATE_TIME.exec(value.trim());
  if (!m) throw fail();
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  // Date would roll 2026-02-31 over into March: check the calendar ourselves
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (
    day.getUTCFullYear() !== Number(y) ||
    day.getUTCMonth() !== Number(mo) - 1 ||
    day.getUTCDate() !== Number(d)
  )
    throw fail();
  if (h === undefined) {
    if (!dateOnly) throw fail();
    return new Date(day.getTime() + (dateOnly === 'end' ? 86_400_000 - 1 : 0));
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) > 59) throw fail();
  const offset =
    !zone || zone.toUpperCase() === 'Z'
      ? 'Z'
      : zone.length === 5
        ? `${zone.slice(0, 3)}:${zone.slice(3)}`
        : zone;
  const out = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec ?? '00'}${frac ?? ''}${offset}`);
  if (Number.isNaN(out.getTime())) throw fail();
  return out;
}
