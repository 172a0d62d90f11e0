import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { pageOf, parseDateTime } from './queries';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err as HttpError;
  }
  throw new Error('accepted');
};

describe('parseDateTime', () => {
  it('reads ISO 8601, a date-time without a zone as UTC', () => {
    expect(parseDateTime('2026-05-01T15:00:00Z', 'matchDate', 'body').toISOString()).toBe(
      '2026-05-01T15:00:00.000Z',
    );
    expect(parseDateTime('2026-05-01 15:00', 'matchDate', 'body').toISOString()).toBe(
      '2026-05-01T15:00:00.000Z',
    );
    expect(parseDateTime('2026-05-01T17:00:00+0200', 'matchDate', 'body').toISOString()).toBe(
      '2026-05-01T15:00:00.000Z',
    );
  });

  it('takes a day alone only where asked, as its first or last millisecond', () => {
    expect(parseDateTime('2026-05-01', 'from', 'query', 'start').toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
    expect(parseDateTime('2026-05-01', 'to', 'query', 'end').toISOString()).toBe('2026-05-01T23:59:59.999Z');
    expect(refusal(() => parseDateTime('2026-05-01', 'matchDate', 'body')).statusCode).toBe(400);
  });

  it('refuses a day the calendar lacks, naming the field', () => {
    const err = refusal(() => parseDateTime('2026-02-31T10:00:00Z', 'matchDate', 'body'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('matchDate must be a date-time (ISO 8601), e.g. 2026-05-01T15:00:00Z');
    expect(err.errors).toEqual([{ path: 'matchDate', location: 'body', msg: err.message }]);
  });
});

describe('pageOf', () => {
  it('counts an empty list as one empty page', () => {
    expect(pageOf('games', [], { page: 1, limit: 20, total: 0 })).toEqual({
      games: [],
      currentPage: 1,
      totalPages: 1,
      totalCount: 0,
    });
  });
});
