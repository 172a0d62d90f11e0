import { describe, expect, it } from 'vitest';
import { money } from '../lib/format';
import { applyOdds, oddsToAccept, type SlipSelection, stakeWarnings } from './rules';

const id = (n: number) => n.toString(16).padStart(24, '0');
const pick = (n: number, odds: number): SlipSelection => ({
  gameId: id(n),
  gameDetails: { homeTeam: `H${n}`, awayTeam: `A${n}` },
  outcome: 'A',
  odds,
});
const limits = { balance: 100, maxStake: 50, maxPayout: 400 };

describe('slip warnings', () => {
  it('says nothing for an empty stake or a stake within every limit', () => {
    expect(stakeWarnings([pick(1, 2)], 'single', '', limits, money)).toEqual([]);
    expect(stakeWarnings([pick(1, 2), pick(2, 3)], 'single', '50', limits, money)).toEqual([]);
  });

  it('flags the balance (singles count every bet), the maximum stake and the maximum payout', () => {
    expect(stakeWarnings([pick(1, 2), pick(2, 3)], 'single', '60', limits, money)).toEqual([
      'The maximum stake per bet is $50.00.',
      'Insufficient balance: this slip needs $120.00, you have $100.00.',
    ]);
    expect(stakeWarnings([pick(1, 10), pick(2, 9)], 'multi', '5', limits, money)).toEqual([
      'The potential payout of a bet cannot exceed $400.00; lower the stake.',
    ]);
    expect(stakeWarnings([pick(1, 2)], 'single', '0', limits, money)).toEqual([
      'The minimum stake is $0.01.',
    ]);
    expect(stakeWarnings([pick(1, 2)], 'single', '1.005', limits, money)).toEqual([
      'A stake has at most two decimals.',
    ]);
  });

  it('uses thousands separators and skips limits it does not know', () => {
    const none = { balance: null, maxStake: null, maxPayout: null };
    expect(stakeWarnings([pick(1, 2)], 'single', '99999', none, money)).toEqual([]);
    expect(stakeWarnings([pick(1, 2)], 'single', '2000', { ...none, balance: 1234.5 }, money)).toEqual([
      'Insufficient balance: this slip needs $2,000.00, you have $1,234.50.',
    ]);
  });
});

describe('odds changes', () => {
  it('remember the accepted price until the player accepts, as the setting asks', () => {
    const list = [pick(1, 2), pick(2, 3)];
    const up = applyOdds(list, id(1), { home: 2.2, draw: 3, away: 4 });
    expect(up[0]).toMatchObject({ odds: 2.2, prevOdds: 2 });
    const down = applyOdds(up, id(2), { home: 2.5, draw: 3, away: 4 });
    expect(down[1]).toMatchObject({ odds: 2.5, prevOdds: 3 });
    expect(oddsToAccept(down, 'any')).toEqual([]);
    expect(oddsToAccept(down, 'higher').map((s) => s.gameId)).toEqual([id(2)]);
    expect(oddsToAccept(down, 'none').map((s) => s.gameId)).toEqual([id(1), id(2)]);
    // back to the accepted price: nothing to accept
    const back = applyOdds(down, id(1), { home: 2, draw: 3, away: 4 });
    expect(back[0].prevOdds).toBeUndefined();
  });
});
