import { describe, expect, it } from 'vitest';
import type { AviatorBetFact, AviatorRoundFact } from './aviator';
import { type PlatformFacts, platformChecks } from './checks';

/** Issue 30, item 6: the platform reconciliation covers Aviator. */
const T0 = new Date('2026-01-01T00:00:00Z');
const LATER = new Date('2026-01-01T01:00:00Z');
const key = (k: string, userAmount: bigint) => [k, { key: k, userAmount, at: T0 }] as const;
const bet = (over: Partial<AviatorBetFact> & { id: string }): AviatorBetFact => ({
  userId: 'u',
  roundId: 'r1',
  status: 'lost',
  stakeCents: 1000n,
  payoutCents: 0n,
  refundState: null,
  at: T0,
  ...over,
});
const round = (over: Partial<AviatorRoundFact> = {}): AviatorRoundFact => ({
  id: 'r1',
  state: 'crashed',
  bets: 2,
  stakedCents: 2000n,
  paidCents: 1500n,
  at: T0,
  ...over,
});

function facts(over: Partial<PlatformFacts> = {}, aviator = {}): PlatformFacts {
  return {
    bets: [],
    placements: [],
    walletKeys: new Map([
      key('aviator_bet:won', -1000n),
      key('aviator_win:won', 1500n),
      key('aviator_bet:lost', -1000n),
      key('aviator_lost:lost', 0n),
      key('aviator_bet:late', -1000n),
      key('refund:late', 1000n),
    ]),
    holds: [],
    aviatorReferences: new Set(['won', 'lost', 'late']),
    settlementLevels: new Map(),
    aviator: {
      bets: [
        bet({ id: 'won', status: 'cashed_out', payoutCents: 1500n }),
        bet({ id: 'lost' }),
        bet({ id: 'late', status: 'rejected', refundState: 'done' }),
      ],
      rounds: [round()],
      ...aviator,
    },
    ...over,
  };
}

const failed = (f: PlatformFacts) =>
  Object.fromEntries(
    platformChecks(f, LATER, 60_000)
      .checks.filter((c) => !c.ok)
      .map((c) => [c.name, c.violations]),
  );

describe('Aviator in the platform reconciliation', () => {
  it('is clean when every Aviator bet has its keys, no hold is stale and the totals add up', () => {
    const report = platformChecks(facts(), LATER, 60_000);
    expect(report.ok, JSON.stringify(report.checks)).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'aviator-bets-moved-money',
        'aviator-holds-belong-to-active-bets',
        'aviator-round-totals',
      ]),
    );
  });

  it('finds an unpaid cash-out, a stake kept for a refused bet and a stake of no bet', () => {
    const f = facts();
    f.walletKeys.delete('aviator_win:won');
    f.walletKeys.delete('refund:late');
    f.walletKeys.set('aviator_bet:ghost', { key: 'aviator_bet:ghost', userAmount: -500n, at: T0 });
    expect(failed(f)).toEqual({
      'aviator-bets-moved-money': [
        'aviator bet won cashed out 15.00 but has no aviator_win:',
        'aviator bet late was refused but its stake 10.00 was not given back',
        'wallet stake aviator_bet:ghost (5.00) belongs to no Aviator bet',
      ],
    });
  });

  it('finds a hold of a settled bet, round totals that are not its bets, and a bet left in the air', () => {
    const f = facts(
      { holds: [{ reference: 'lost', userId: 'u', amountCents: 1000n, at: T0 }] },
      {
        rounds: [round({ bets: 1, stakedCents: 1000n })],
      },
    );
    f.aviator!.bets.push(bet({ id: 'flying', status: 'active', stakeCents: 0n }));
    f.walletKeys.set('aviator_bet:flying', { key: 'aviator_bet:flying', userAmount: 0n, at: T0 });
    const out = failed(f);
    expect(out['aviator-holds-belong-to-active-bets']).toEqual([
      'hold lost (10.00) belongs to an Aviator bet that is lost',
    ]);
    expect(out['aviator-round-totals']).toEqual([
      'round r1: totals 1 bets, 10.00 staked, 15.00 paid; its bets 3, 20.00, 15.00',
      'round r1 crashed with bet flying still active',
    ]);
  });

  it('leaves out what is younger than the grace period', () => {
    const f = facts();
    f.walletKeys.delete('aviator_win:won');
    f.aviator!.bets[0].at = new Date(LATER.getTime() - 1000);
    expect(failed(f)).toEqual({});
  });
});
