import { describe, expect, it } from 'vitest';
import { exposureByMarket } from './risk';

const teams = { home: 'Arsenal', away: 'Chelsea' };
const row = (market: string, outcome: string, bets: number, stake: number, payout: number) => ({
  market,
  outcome,
  bets: String(bets),
  stake: String(stake),
  payout: String(payout),
});

describe("a game's exposure by market and outcome", () => {
  it('lists the markets with pending bets in catalogue order, every outcome, to the cent', () => {
    const markets = exposureByMarket(
      [
        row('btts', 'yes', 2, 1500, 2835),
        row('ou_2.5', 'under', 1, 1000, 2105),
        row('1x2', 'A', 3, 3001, 6302),
        row('ou_2.5', 'over', 2, 2000, 3790),
      ],
      teams,
    );
    expect(markets.map((m) => m.key)).toEqual(['1x2', 'ou_2.5', 'btts']);
    expect(markets[0]).toEqual({
      key: '1x2',
      name: 'Match Result',
      betCount: 3,
      totalStake: 30.01,
      totalPotentialPayout: 63.02,
      liability: 63.02,
      outcomes: [
        { outcome: 'A', label: 'Arsenal', betCount: 3, totalStake: 30.01, totalPotentialPayout: 63.02 },
        { outcome: 'Draw', label: 'Draw', betCount: 0, totalStake: 0, totalPotentialPayout: 0 },
        { outcome: 'B', label: 'Chelsea', betCount: 0, totalStake: 0, totalPotentialPayout: 0 },
      ],
    });
    // the liability is what the worst outcome would pay
    expect(markets[1]).toMatchObject({
      name: 'Total Goals 2.5',
      betCount: 3,
      totalStake: 30,
      totalPotentialPayout: 58.95,
      liability: 37.9,
      outcomes: [
        { outcome: 'over', label: 'Over 2.5', totalPotentialPayout: 37.9 },
        { outcome: 'under', label: 'Under 2.5', totalPotentialPayout: 21.05 },
      ],
    });
    expect(markets[2].outcomes.map((o) => [o.label, o.betCount])).toEqual([
      ['BTTS Yes', 2],
      ['BTTS No', 0],
    ]);
  });

  it('names team markets by their team and lists only the scores bet on in Correct Score', () => {
    const markets = exposureByMarket(
      [
        row('cs', 'other', 1, 100, 5000),
        row('cs', '2-1', 1, 200, 1800),
        row('tt_home_1.5', 'over', 1, 100, 250),
      ],
      teams,
    );
    expect(markets.map((m) => m.name)).toEqual(['Arsenal Team Goals 1.5', 'Correct Score']);
    expect(markets[1].outcomes.map((o) => o.label)).toEqual(['Correct Score 2-1', 'Correct Score Any Other']);
    expect(markets[1].liability).toBe(50);
  });

  it('keeps a market the catalogue no longer knows, after the others', () => {
    const markets = exposureByMarket(
      [row('old_market', 'x', 1, 500, 900), row('dc', '12', 1, 500, 650)],
      teams,
    );
    expect(markets.map((m) => [m.key, m.name])).toEqual([
      ['dc', 'Double Chance'],
      ['old_market', 'old_market'],
    ]);
    expect(markets[1].outcomes).toEqual([
      { outcome: 'x', label: 'x', betCount: 1, totalStake: 5, totalPotentialPayout: 9 },
    ]);
  });

  it('puts the liability limit and the headroom next to each exposure, over a grid of books', () => {
    for (const limitCents of [100_000n, 1_000_000n, 10_000_000n])
      for (const held of [0n, 37_900n, 99_999n, 100_000n, 250_000n, 9_999_999n]) {
        const payouts = { over: held, under: held / 3n };
        const markets = exposureByMarket(
          [row('ou_2.5', 'over', 2, 2000, Number(held)), row('ou_2.5', 'under', 1, 1000, Number(held / 3n))],
          teams,
          // what the limit reads may include bets awaiting payment: it is given, not the rows' sum
          { limitCents, heldCents: (m, o) => (m === 'ou_2.5' ? payouts[o as 'over' | 'under'] : 0n) },
        );
        const left = (c: bigint) => Number(c > 0n ? c : 0n) / 100;
        expect(markets[0].liabilityLimit).toBe(Number(limitCents) / 100);
        expect(markets[0].outcomes.map((o) => [o.outcome, o.liabilityLimit, o.headroom])).toEqual([
          ['over', Number(limitCents) / 100, left(limitCents - payouts.over)],
          ['under', Number(limitCents) / 100, left(limitCents - payouts.under)],
        ]);
        // the market's headroom is its tightest outcome's
        expect(markets[0].headroom).toBe(left(limitCents - payouts.over));
      }
  });

  it('is empty when nothing is pending', () => {
    expect(exposureByMarket([], teams)).toEqual([]);
  });
});
