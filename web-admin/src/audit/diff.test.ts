import { describe, expect, it } from 'vitest';
import { auditDiff } from './diff';

describe('auditDiff: an audit entry field by field', () => {
  it('lists only what changed, nested fields by their path', () => {
    expect(
      auditDiff(
        { status: 'upcoming', odds: { home: 2.1, draw: 3.3, away: 3.6 }, league: 'EPL' },
        { status: 'live', odds: { home: 1.95, draw: 3.3, away: 3.6 }, league: 'EPL' },
      ),
    ).toEqual([
      { field: 'status', kind: 'changed', before: 'upcoming', after: 'live' },
      { field: 'odds.home', kind: 'changed', before: '2.1', after: '1.95' },
    ]);
  });

  it('a creation lists what was set (not what it left empty), a deletion what was there', () => {
    expect(auditDiff(null, { role: 'admin', note: null, logo: undefined })).toEqual([
      { field: 'role', kind: 'added', after: 'admin' },
    ]);
    // a field emptied is a change, shown as a dash
    expect(auditDiff({ note: 'x' }, { note: null })).toEqual([
      { field: 'note', kind: 'changed', before: 'x', after: '—' },
    ]);
    expect(auditDiff({ title: 'Welcome' }, undefined)).toEqual([
      { field: 'title', kind: 'removed', before: 'Welcome' },
    ]);
  });

  it('a field that appears or goes, arrays and bare values', () => {
    expect(auditDiff({ a: 1 }, { a: 1, b: [1, 2] })).toEqual([{ field: 'b', kind: 'added', after: '[1,2]' }]);
    expect(auditDiff({ a: 1, b: true }, { a: 1 })).toEqual([{ field: 'b', kind: 'removed', before: 'true' }]);
    expect(auditDiff(5, 7)).toEqual([{ field: 'value', kind: 'changed', before: '5', after: '7' }]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
