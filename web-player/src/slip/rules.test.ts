import { describe, expect, it } from 'vitest';
import {
  addToStake,
  applyOdds,
  combinedOdds,
  effectiveBetType,
  freeBetPayout,
  isValidGameId,
  MAX_SELECTIONS,
  maxStake,
  type SlipSelection,
  slipTotals,
  toggleSelection,
} from './rules';

const id = (n: number) => n.toString(16).padStart(24, '0');
const sel = (n: number, outcome: SlipSelection['outcome'] = 'A', odds = 2): SlipSelection => ({
  gameId: id(n),
  gameDetails: { homeTeam: `Home ${n}`, awayTeam: `Away ${n}` },
  outcome,
  odds,
});

describe('toggleSelection', () => {
  it('adds a new game', () => {
    const r = toggleSelection([], sel(1));
    expect(r.result).toBe('added');
    expect(r.selections).toEqual([sel(1)]);
  });
  it('removes the same outcome of the same game (toggle)', () => {
    const r = toggleSelection([sel(1), sel(2)], sel(1));
    expect(r.result).toBe('removed');
    expect(r.selections).toEqual([sel(2)]);
  });
  it('replaces another outcome of the same game in place', () => {
    const r = toggleSelection([sel(1), sel(2)], sel(1, 'Draw', 3.1));
    expect(r.result).toBe('updated');
    expect(r.selections).toEqual([sel(1, 'Draw', 3.1), sel(2)]);
  });
  it('refuses an 11th selection', () => {
    const ten = Array.from({ length: MAX_SELECTIONS }, (_, i) => sel(i + 1));
    const r = toggleSelection(ten, sel(99));
    expect(r.result).toBe('max');
    expect(r.selections).toBe(ten);
    // replacing within a full slip is still allowed
    expect(toggleSelection(ten, sel(3, 'B')).result).toBe('updated');
  });
  it('refuses a game whose id is not 24 hex characters', () => {
    for (const bad of ['bad-id', id(1).slice(1), `${id(1)}0`, 'zzzzzzzzzzzzzzzzzzzzzzzz', '']) {
      const r = toggleSelection([], { ...sel(1), gameId: bad });
      expect(r.result).toBe('invalid');
      expect(r.selections).toEqual([]);
    }
    expect(isValidGameId('65a1b2c3d4e5f6a7b8c9d0e1')).toBe(true);
  });
});

describe('bet type', () => {
  it('multi falls back to single under two selections', () => {
    expect(effectiveBetType('multi', 0)).toBe('single');
    expect(effectiveBetType('multi', 1)).toBe('single');
    expect(effectiveBetType('multi', 2)).toBe('multi');
    expect(effectiveBetType('single', 5)).toBe('single');
  });
});

describe('payout maths', () => {
  it('multi: stake × product of the odds', () => {
    const t = slipTotals([sel(1, 'A', 1.5), sel(2, 'B', 2.4), sel(3, 'Draw', 3)], 'multi', '10');
    expect(t.totalOdds).toBeCloseTo(10.8, 10);
    expect(t.potentialPayout).toBeCloseTo(108, 10);
    expect(t.totalStake).toBe(10);
  });
  it('singles: sum of each odds × stake per bet; total stake is stake × count', () => {
    const t = slipTotals([sel(1, 'A', 1.5), sel(2, 'B', 2.4)], 'single', 10);
    expect(t.potentialPayout).toBeCloseTo(39, 10);
    expect(t.totalStake).toBe(20);
  });
  it('a multi with one selection is priced as a single', () => {
    const t = slipTotals([sel(1, 'A', 1.5)], 'multi', 4);
    expect(t.potentialPayout).toBeCloseTo(6, 10);
  });
  it('ignores odds that are not numbers', () => {
    const odd = { ...sel(2), odds: Number.NaN };
    expect(combinedOdds([sel(1, 'A', 2), odd, sel(3, 'A', 3)])).toBe(6);
    expect(slipTotals([sel(1, 'A', 2), odd], 'single', 5).potentialPayout).toBe(10);
  });
  // issue 34 item 6: the slip shows what the receipt will, to the cent. The server strikes a
  // bet at stake cents × each price in hundredths, rounded down (kit payoutCents), and a
  // multi's total odds rounded down to two decimals.
  it('rounds a multi down to the cent as the server does, total odds down to two decimals', () => {
    const t = slipTotals([sel(1, 'A', 1.85), sel(2, 'B', 2.15)], 'multi', 10);
    expect(t.totalOdds).toBe(3.97); // 3.9775
    expect(t.potentialPayout).toBe(39.77); // 39.775
  });
  it('rounds each single down to the cent before adding them', () => {
    const t = slipTotals([sel(1, 'A', 1.57), sel(2, 'B', 1.57)], 'single', 3.33);
    expect(t.potentialPayout).toBe(10.44); // 2 × 5.2281, not 10.4562
  });
  it('a free bet returns the payout less its stake, from the same rounded payout', () => {
    const t = slipTotals([sel(1, 'A', 1.85), sel(2, 'B', 2.15)], 'multi', 10);
    expect(freeBetPayout(10, t.potentialPayout)).toBe(29.77);
  });
  it('an empty or invalid stake pays nothing', () => {
    expect(slipTotals([sel(1)], 'single', '').potentialPayout).toBe(0);
    expect(slipTotals([sel(1)], 'single', '-3').potentialPayout).toBe(0);
    expect(slipTotals([sel(1)], 'single', 'abc').potentialPayout).toBe(0);
  });
});

describe('quick stake', () => {
  it('+5/+10/+50 add to the current stake', () => {
    expect(addToStake('', 5)).toBe(5);
    expect(addToStake('12.5', 10)).toBe(22.5);
    expect(addToStake(0.1, 50)).toBe(50.1);
  });
  it('Max is the whole balance for a multi', () => {
    expect(maxStake(250, 'multi', 3)).toBe(250);
  });
  it('Max is the balance split over the selections for singles, rounded down to the cent', () => {
    expect(maxStake(100, 'single', 3)).toBe(33.33);
    expect(maxStake(100, 'single', 4)).toBe(25);
    expect(maxStake(99.99, 'single', 1)).toBe(99.99);
    expect(maxStake(0, 'single', 2)).toBe(0);
  });
  it('Max uses the single split when a multi has fallen back to single', () => {
    expect(maxStake(90, 'multi', 1)).toBe(90);
  });
});

describe('live odds', () => {
  it('updates the odds of the selection by its outcome', () => {
    const list = [sel(1, 'A', 2), sel(2, 'Draw', 3), sel(3, 'B', 4)];
    expect(applyOdds(list, id(2), { home: 1.1, draw: 3.5, away: 5 })[1].odds).toBe(3.5);
    expect(applyOdds(list, id(3), { home: 1.1, draw: 3.5, away: 5.25 })[2].odds).toBe(5.25);
    expect(applyOdds(list, id(9), { home: 1, draw: 1, away: 1 })).toBe(list);
  });
});
