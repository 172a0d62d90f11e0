import { describe, expect, it } from 'vitest';
import { pendingApprovals } from './Dashboard';

describe('the dashboard’s pending approvals', () => {
  it('counts pending withdrawals and pending four-eyes adjustments, nothing until both are read', () => {
    const w = (status: string) => ({ status }) as never;
    const a = (status: string) => ({ status }) as never;
    expect(
      pendingApprovals([w('pending'), w('pending'), w('approved')], {
        requests: [a('pending'), a('approved')],
      }),
    ).toEqual({ withdrawals: 2, adjustments: 1, total: 3 });
    expect(pendingApprovals(undefined, { requests: [] })).toBeUndefined();
  });
});
