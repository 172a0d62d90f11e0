import { describe, expect, it } from 'vitest';
import { readDecision } from './withdrawals';

describe('withdrawal decisions', () => {
  it('reads both spellings of the request', () => {
    expect(readDecision({ status: 'approved', adminNotes: 'paid' })).toEqual({
      ok: true,
      decision: 'approved',
      notes: 'paid',
    });
    expect(readDecision({ action: 'rejected', note: 'KYC missing' })).toEqual({
      ok: true,
      decision: 'rejected',
      notes: 'KYC missing',
    });
    expect(readDecision({ status: 'approved', action: 'approved' })).toMatchObject({
      ok: true,
      decision: 'approved',
    });
  });

  it('writes the default note when none is given', () => {
    expect(readDecision({ status: 'approved' })).toMatchObject({ notes: 'Request approved by admin.' });
    expect(readDecision({ action: 'rejected', note: '   ' })).toMatchObject({
      notes: 'Request rejected by admin.',
    });
  });

  it('refuses a missing, unknown or contradictory decision', () => {
    expect(readDecision({})).toMatchObject({ ok: false, path: 'status' });
    expect(readDecision({ status: 'maybe' })).toMatchObject({ ok: false });
    expect(readDecision({ action: 'pending' })).toMatchObject({ ok: false, path: 'action' });
    expect(readDecision({ status: 'approved', action: 'rejected' })).toMatchObject({ ok: false });
    expect(readDecision({ status: 'approved', adminNotes: 'a', note: 'b' })).toMatchObject({ ok: false });
  });
});
