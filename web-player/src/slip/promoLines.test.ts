import { describe, expect, it } from 'vitest';
import type { Acca } from '../promo/boosts';
import { accaBonus, boostWarnings, promoLines } from './promoLines';
import { applyOdds, type SlipSelection } from './rules';

const id = (n: number) => n.toString(16).padStart(24, '0');
const leg = (n: number, odds: number, over: Partial<SlipSelection> = {}): SlipSelection => ({
  gameId: id(n),
  gameDetails: { homeTeam: `Home ${n}`, awayTeam: `Away ${n}` },
  outcome: 'A',
  odds,
  ...over,
});
const legs = (n: number, odds = 2) => Array.from({ length: n }, (_, i) => leg(i + 1, odds));
const acca: Acca = {
  id: 'acca',
  rules: {
    kind: 'acca_bonus',
    tiers: [
      { legs: 5, percent: 10 },
      { legs: 3, percent: 3 },
      { legs: 4, percent: 5 },
      { legs: 8, percent: 25 },
    ],
    minOddsPerLeg: 1.5,
  },
};
const boosted = (n: number) =>
  leg(n, 2.5, { boost: { id: 'boost', baseOdds: 2.1, boostedOdds: 2.5, maxStake: 20 } });
const lines = (selections: SlipSelection[], over: Partial<Parameters<typeof promoLines>[0]> = {}) =>
  promoLines({ betType: 'multi', selections, stake: 10, freeBet: false, accas: [acca], ...over });

describe('promoLines: the accumulator bonus as the legs grow', () => {
  // legs → what the slip says (stake $10, every leg at 2.00: net winnings 10 × (2^n − 1))
  const table: Array<[number, string[]]> = [
    [2, ['Add 1 more leg for +3%:']],
    [3, ['Acca bonus +3%:+$2.10', 'Add 1 more leg for +5%:']],
    [4, ['Acca bonus +5%:+$7.50', 'Add 1 more leg for +10%:']],
    [5, ['Acca bonus +10%:+$31.00', 'Add 3 more legs for +25%:']],
    [6, ['Acca bonus +10%:+$63.00', 'Add 2 more legs for +25%:']],
    [7, ['Acca bonus +10%:+$127.00', 'Add 1 more leg for +25%:']],
    [8, ['Acca bonus +25%:+$637.50']],
    [10, ['Acca bonus +25%:+$2,557.50']],
  ];
  it.each(table)('%i legs', (n, expected) => {
    expect(lines(legs(n)).map((l) => `${l.label}:${l.value}`)).toEqual(expected);
  });

  it('rounds the bonus down to the cent, on net winnings', () => {
    // from the potential payout as the server strikes it (33.75 on 10 at 3.375)
    expect(accaBonus(10, 33.75, 5)).toBe(1.18); // 5% of 23.75 = 1.1875
    expect(accaBonus(10, 10, 5)).toBe(0);
    expect(accaBonus(0, 40, 5)).toBe(0);
  });

  it('says a leg under the minimum odds loses it', () => {
    const sel = [...legs(3), leg(9, 1.4)];
    expect(lines(sel)).toEqual([{ label: 'Acca bonus +5%', value: 'Every leg needs odds 1.50+' }]);
  });

  it('applies the offer the server would: the best one whose minimum odds every leg meets', () => {
    // a richer offer the legs are too short for, and a smaller one they meet
    const rich: Acca = {
      id: 'rich',
      rules: { ...acca.rules, tiers: [{ legs: 3, percent: 10 }], minOddsPerLeg: 3 },
    };
    expect(lines(legs(3), { accas: [rich, acca] }).map((l) => `${l.label}:${l.value}`)).toEqual([
      'Acca bonus +3%:+$2.10',
      'Add 1 more leg for +5%:',
    ]);
    // none met: the richest offer says what it needs
    expect(lines(legs(3, 1.4), { accas: [rich, acca] })).toEqual([
      { label: 'Acca bonus +10%', value: 'Every leg needs odds 3.00+' },
    ]);
  });

  it('gives none with a free bet, nor with a boosted leg', () => {
    expect(lines(legs(4), { freeBet: true })).toEqual([
      { label: 'Acca bonus', value: 'Not with a free bet' },
    ]);
    expect(lines([...legs(3), boosted(9)])).toEqual([
      { label: 'Odds boost', value: '2.10 → 2.50, max stake $20' },
      { label: 'Acca bonus', value: 'Not with a boosted pick' },
    ]);
    // under the first tier: no hint to add legs that would earn nothing
    expect(lines(legs(2), { freeBet: true })).toEqual([]);
  });

  it('says nothing on singles or without an acca bonus on offer', () => {
    expect(lines(legs(4), { betType: 'single' })).toEqual([]);
    expect(lines(legs(4), { accas: [] })).toEqual([]);
  });
});

describe('promoLines: an odds boost', () => {
  it('shows the boosted price over the board price and its maximum stake', () => {
    expect(
      promoLines({ betType: 'single', selections: [boosted(1)], stake: 5, freeBet: false, accas: [acca] }),
    ).toEqual([{ label: 'Odds boost', value: '2.10 → 2.50, max stake $20' }]);
  });

  it('names the game when two singles are boosted', () => {
    const two = [boosted(1), boosted(2)];
    expect(
      promoLines({ betType: 'single', selections: two, stake: 5, freeBet: false, accas: [] })[1],
    ).toEqual({
      label: 'Odds boost (Home 2 v Away 2)',
      value: '2.10 → 2.50, max stake $20',
    });
  });
});

describe('boostWarnings (the server refusals, before asking)', () => {
  it('refuses a stake over the maximum, a free bet, and two boosts in a multi', () => {
    expect(boostWarnings('single', [boosted(1)], 20, false)).toEqual([]);
    expect(boostWarnings('single', [boosted(1)], 20.01, false)).toEqual([
      'The maximum stake on this odds boost is $20.00.',
    ]);
    expect(boostWarnings('single', [boosted(1)], 5, true)).toEqual([
      'A free bet cannot be placed at a boosted price.',
    ]);
    expect(boostWarnings('multi', [boosted(1), boosted(2)], 5, false)).toEqual([
      'A bet may take one odds boost.',
    ]);
    expect(boostWarnings('single', [boosted(1), boosted(2)], 5, false)).toEqual([]);
    expect(boostWarnings('multi', legs(3), 500, false)).toEqual([]);
  });
});

describe('a boosted pick in the slip follows its board price through the boost', () => {
  it('reprices a percent boost, and never a fixed one', () => {
    const pct = leg(1, 2.31, { boost: { id: 'b', baseOdds: 2.1, boostPercent: 10, maxStake: 20 } });
    const [moved] = applyOdds([pct], id(1), { home: 2.2, draw: 3, away: 4 });
    expect(moved.odds).toBe(2.42);
    expect(moved.boost?.baseOdds).toBe(2.2);
    expect(moved.prevOdds).toBe(2.31);
    const fixed = boosted(1);
    expect(applyOdds([fixed], id(1), { home: 1.9, draw: 3, away: 4 })[0].odds).toBe(2.5);
  });
});
