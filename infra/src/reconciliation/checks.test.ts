import { describe, expect, it } from 'vitest';
import { type PlatformFacts, platformChecks } from './checks';

const T0 = new Date('2026-01-01T00:00:00Z');
const LATER = new Date('2026-01-01T01:00:00Z');

function facts(over: Partial<PlatformFacts> = {}): PlatformFacts {
  return {
    bets: [],
    placements: [],
    walletKeys: new Map(),
    holds: [],
    aviatorReferences: new Set(),
    settlementLevels: new Map(),
    ...over,
  };
}
const key = (k: string, userAmount: bigint) => [k, { key: k, userAmount, at: T0 }] as const;

describe('cross-service reconciliation', () => {
  it('is clean when every decision has its movement', () => {
    const report = platformChecks(
      facts({
        bets: [{ id: 'b1', userId: 'u', status: 'won', payoutCents: 2100n, settlements: 1, at: T0 }],
        placements: [
          {
            id: 'b1',
            userId: 'u',
            debitKey: 'bet:b1',
            state: 'accepted',
            refundState: null,
            amountCents: 1000n,
            betIds: ['b1'],
            updatedAt: T0,
          },
        ],
        walletKeys: new Map([key('bet:b1', -1000n), key('win:b1', 2100n)]),
        settlementLevels: new Map([['b1', 0]]),
      }),
      LATER,
      60_000,
    );
    expect(report.ok, JSON.stringify(report.checks)).toBe(true);
  });

  it("counts a won multi's accumulator bonus line in its payout (issue 33)", () => {
    const run = (bonus: bigint) =>
      platformChecks(
        facts({
          bets: [{ id: 'm', userId: 'u', status: 'won', payoutCents: 8210n, settlements: 1, at: T0 }],
          walletKeys: new Map([key('win:m', 8000n), key('acca_bonus:m', bonus)]),
          settlementLevels: new Map([['m', 0]]),
        }),
        LATER,
        60_000,
      ).checks.find((c) => c.name === 'decided-bets-moved-money');
    expect(run(210n)?.ok).toBe(true);
    expect(run(209n)?.violations).toEqual(['bet m won 82.10 but the wallet paid 82.09']);
  });

  it('finds an unpaid win, a hold without a live bet, and a stake kept for a rejected placement', () => {
    const report = platformChecks(
      facts({
        bets: [
          { id: 'won', userId: 'u', status: 'won', payoutCents: 2100n, settlements: 1, at: T0 },
          { id: 'old', userId: 'u', status: 'lost', payoutCents: 0n, settlements: 1, at: T0 },
        ],
        placements: [
          {
            id: 'r',
            userId: 'u',
            debitKey: 'bet:r',
            state: 'rejected',
            refundState: null,
            amountCents: 500n,
            betIds: ['r'],
            updatedAt: T0,
          },
        ],
        walletKeys: new Map([key('bet:r', -500n), key('lost:old', 0n)]),
        holds: [{ reference: 'old', userId: 'u', amountCents: 700n, at: T0 }],
        settlementLevels: new Map([['old', 0]]),
      }),
      LATER,
      60_000,
    );
    const failed = Object.fromEntries(report.checks.map((c) => [c.name, c.violations]));
    expect(failed['decided-bets-moved-money']).toEqual([
      'bet won (won) has no win:/lost: movement in the wallet',
      'bet won: 0 correction(s) published, the wallet applied none of its settlement',
    ]);
    expect(failed['holds-belong-to-live-bets']).toEqual(['hold old (7.00) belongs to a bet that is lost']);
    expect(failed['placements-match-debits']).toEqual([
      'placement r was rejected but its debit bet:r was taken and not refunded',
    ]);
  });

  it('leaves rows younger than the grace period alone (their events may be in flight)', () => {
    const report = platformChecks(
      facts({ bets: [{ id: 'w', userId: 'u', status: 'won', payoutCents: 1n, settlements: 1, at: LATER }] }),
      LATER,
      60_000,
    );
    expect(report.ok).toBe(true);
  });
});
