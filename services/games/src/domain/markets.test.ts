import { MARKETS, marketDef } from '@bet/proto-events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isControlled, publicMarkets, setPinned, setSuspended, withPinnedPrices } from './market-control';
import {
  DEFAULT_MARKET_MARGINS,
  finalScores,
  fitLambdas,
  marketChances,
  marketPrices,
  overround,
  priceBook,
} from './market-pricing';
import { marketsView } from './markets';
import {
  impliedSum,
  inPlayPrices,
  MIN_PRICE,
  outcomeProbabilities,
  type Phase,
  preMatchPrices,
} from './odds';

const ODDS_MARGIN = 0.06;
const lambda = fc.double({ min: 0.2, max: 3.5, noNaN: true });
const lambdas = fc.record({ home: lambda, away: lambda });
const inPlay = fc.record({
  lambdas,
  score: fc.record({ home: fc.integer({ min: 0, max: 5 }), away: fc.integer({ min: 0, max: 5 }) }),
  phase: fc.constantFrom<Phase>('1H', 'HT', '2H'),
  minute: fc.integer({ min: 0, max: 90 }),
  red: fc.record({ home: fc.integer({ min: 0, max: 2 }), away: fc.integer({ min: 0, max: 2 }) }),
});

/** the overround band of each market family (1X2 is the game's own book at ODDS_MARGIN) */
function band(market: string): [number, number] {
  const f = marketDef(market)!.family;
  if (f === 'cs') return [0.15, 0.25];
  if (f === 'htft') return [0.1, 0.2];
  if (f === '1x2' || f === 'ht' || f === 'eh') return [0.05, 0.08];
  return [0.04, 0.07];
}

function expectValid(prices: ReturnType<typeof marketPrices>) {
  for (const def of MARKETS) {
    const book = prices[def.key];
    expect(Object.keys(book).sort()).toEqual([...def.outcomes].sort());
    for (const o of Object.values(book)) {
      if (o === null) continue;
      expect(Number.isInteger(o)).toBe(true);
      expect(o).toBeGreaterThanOrEqual(MIN_PRICE);
    }
    if (def.family === 'dc' || Object.values(book).every((o) => o === null)) continue;
    const [lo, hi] = band(def.key);
    const sum = overround(book) - 1;
    expect(sum, `${def.key} ${JSON.stringify(book)}`).toBeGreaterThanOrEqual(lo);
    expect(sum, `${def.key} ${JSON.stringify(book)}`).toBeLessThanOrEqual(hi);
  }
}

describe('market pricing from the goal model', () => {
  it('pre-match: every market has a price ≥ 1.01 and its overround in its band', () => {
    fc.assert(
      fc.property(lambdas, (l) => {
        const prices = marketPrices({ lambdas: l }, preMatchPrices(l, ODDS_MARGIN));
        for (const def of MARKETS)
          if (def.family !== 'dc') for (const o of def.outcomes) expect(prices[def.key][o]).not.toBeNull();
        expectValid(prices);
      }),
      { numRuns: 150 },
    );
  });

  it('in play: prices ≥ 1.01, bands hold, decided outcomes and closed halves have no price', () => {
    fc.assert(
      fc.property(inPlay, (s) => {
        const prices = marketPrices(s, inPlayPrices(s, ODDS_MARGIN));
        expectValid(prices);
        const goals = s.score.home + s.score.away;
        // a selection the score has already lost is not offered; a market it has decided is closed
        if (goals >= 1) expect(prices['ou_0.5']).toEqual({ over: null, under: null });
        if (goals >= 3) expect(prices['ou_2.5'].under).toBeNull();
        if (s.score.home >= 1 && s.score.away >= 1) expect(prices.btts).toEqual({ yes: null, no: null });
        if (s.score.home >= 1) expect(prices.cs['0-0']).toBeNull();
        if (s.phase !== '1H') {
          expect(Object.values(prices.ht).every((o) => o === null)).toBe(true);
          expect(Object.values(prices.htft).every((o) => o === null)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('chances: coherent with 1X2, totals monotone, the correct scores are the matrix', () => {
    fc.assert(
      fc.property(lambdas, (l) => {
        const c = marketChances({ lambdas: l });
        const x = outcomeProbabilities(l);
        const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9);
        close(c['1x2'].A, x.home);
        close(c['1x2'].Draw, x.draw);
        close(c['1x2'].B, x.away);
        close(c.dc['1X'], x.home + x.draw);
        close(c.dc['12'], x.home + x.away);
        close(c.dc.X2, x.draw + x.away);
        close(c.dnb.A, x.home / (x.home + x.away));
        close(c['ah_-0.5'].A, x.home);
        close(c['ah_+0.5'].B, x.away);
        const overs = [0.5, 1.5, 2.5, 3.5, 4.5].map((line) => c[`ou_${line}`].over);
        for (let i = 1; i < overs.length; i++) expect(overs[i]).toBeLessThanOrEqual(overs[i - 1]);
        for (const line of [0.5, 1.5, 2.5, 3.5, 4.5]) close(c[`ou_${line}`].over + c[`ou_${line}`].under, 1);
        const matrix = finalScores({ lambdas: l });
        const sum = (f: (h: number, a: number) => boolean) =>
          matrix.reduce((s, { ft, p }) => (f(ft.home, ft.away) ? s + p : s), 0);
        close(
          Object.values(c.cs).reduce((s, p) => s + p, 0),
          1,
        );
        for (const [o, p] of Object.entries(c.cs)) {
          if (o === 'other') continue;
          const [h, a] = o.split('-').map(Number);
          close(
            p,
            sum((i, j) => i === h && j === a),
          );
        }
        close(
          c.btts.yes,
          sum((i, j) => i >= 1 && j >= 1),
        );
        close(
          c['ou_2.5'].over,
          sum((i, j) => i + j >= 3),
        );
        close(
          c['tt_home_1.5'].over,
          sum((i) => i >= 2),
        );
        // HT/FT agrees with both its margins
        for (const [k, i] of [
          ['A', 'home'],
          ['Draw', 'draw'],
          ['B', 'away'],
        ] as const) {
          close(c.htft[`A/${k}`] + c.htft[`Draw/${k}`] + c.htft[`B/${k}`], x[i]);
          close(c.htft[`${k}/A`] + c.htft[`${k}/Draw`] + c.htft[`${k}/B`], c.ht[k]);
        }
        // the first half holds fewer goals than the match
        expect(c.ht.Draw).toBeGreaterThan(x.draw);
      }),
      { numRuns: 100 },
    );
  });

  it('Double Chance never lets a player back it and the other 1X2 outcome for a sure profit', () => {
    fc.assert(
      fc.property(lambdas, (l) => {
        const odds = preMatchPrices(l, ODDS_MARGIN);
        const p = marketPrices({ lambdas: l }, odds);
        const pairs = [
          [p.dc['1X'], odds.away],
          [p.dc['12'], odds.draw],
          [p.dc.X2, odds.home],
        ] as const;
        for (const [dc, other] of pairs)
          if (dc !== null) expect(100 / dc + 100 / other).toBeGreaterThanOrEqual(1);
        // an ordinary game offers all three, each shorter than either of its 1X2 outcomes
        if (Math.max(odds.home, odds.draw, odds.away) < 2000)
          for (const [dc] of pairs) expect(dc).not.toBeNull();
        if (p.dc['1X'] !== null) expect(p.dc['1X']).toBeLessThanOrEqual(Math.min(odds.home, odds.draw));
      }),
      { numRuns: 150 },
    );
  });

  it('priceBook: proportional, floors at 1.01, no price for what cannot win, nothing for a decided book', () => {
    expect(priceBook([0.5, 0.5], 0.06)).toEqual([189, 189]);
    expect(priceBook([0.999, 0.001], 0.055)).toEqual([101, 1541]);
    expect(priceBook([1, 0], 0.055)).toEqual([null, null]);
    expect(priceBook([0.7, 0, 0.3], 0.055)).toEqual([135, null, 316]);
  });

  it('1X2 in the markets is the game’s own public price, untouched', () => {
    const prices = marketPrices({ lambdas: { home: 1.5, away: 1 } }, { home: 333, draw: 250, away: 199 });
    expect(prices['1x2']).toEqual({ A: 333, Draw: 250, B: 199 });
  });

  it('the default margins sit inside their bands', () => {
    expect(DEFAULT_MARKET_MARGINS.twoWay).toBeGreaterThan(0.04);
    expect(DEFAULT_MARKET_MARGINS.twoWay).toBeLessThan(0.07);
    expect(DEFAULT_MARKET_MARGINS.correctScore).toBeGreaterThan(0.15);
    expect(DEFAULT_MARKET_MARGINS.correctScore).toBeLessThan(0.25);
  });
});

describe('fitting the goal model to known prices', () => {
  it('λs fitted to a 1X2 book reproduce it within rounding', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        (h, a) => {
          const book = preMatchPrices({ home: h, away: a }, ODDS_MARGIN);
          const fitted = fitLambdas({ '1x2': { A: book.home, Draw: book.draw, B: book.away } });
          const again = preMatchPrices(fitted, impliedSum(book) - 1);
          for (const k of ['home', 'draw', 'away'] as const)
            expect(
              Math.abs(again[k] - book[k]),
              `${k} ${JSON.stringify({ book, again })}`,
            ).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a partial feed (1X2 and Over/Under 2.5) pins both rates, and the other markets follow', () => {
    const truth = { home: 1.9, away: 0.8 };
    const c = marketChances({ lambdas: truth });
    const fair = (p: number) => Math.round(100 / p);
    const fitted = fitLambdas({
      '1x2': { A: fair(c['1x2'].A), Draw: fair(c['1x2'].Draw), B: fair(c['1x2'].B) },
      'ou_2.5': { over: fair(c['ou_2.5'].over), under: fair(c['ou_2.5'].under) },
    });
    expect(fitted.home).toBeCloseTo(truth.home, 1);
    expect(fitted.away).toBeCloseTo(truth.away, 1);
    const again = marketChances({ lambdas: fitted });
    expect(Math.abs(again.btts.yes - c.btts.yes)).toBeLessThan(0.01);
  });
});

describe("an admin's control of single markets", () => {
  const prices = marketPrices({ lambdas: { home: 1.5, away: 1.1 } }, { home: 210, draw: 330, away: 380 });
  it('lays pinned prices over the model and takes every price of a suspended market away', () => {
    let c = setSuspended(null, 'btts', true);
    expect(c).toEqual({ suspended: ['btts'], prices: {} });
    expect(setSuspended(c, 'btts', true)).toBeNull();
    c = setPinned(c, 'ou_2.5', { over: 177 });
    const pub = publicMarkets(prices, c)!;
    expect(pub.btts).toEqual({ yes: null, no: null });
    expect(pub['ou_2.5']).toEqual({ over: 177, under: prices['ou_2.5'].under });
    expect(pub.dc).toEqual(prices.dc);
    // the view keeps the suspended market's prices (shown locked)
    expect(withPinnedPrices(prices, c)!.btts).toEqual(prices.btts);
    // reopened and unpinned: the model's prices, and nothing left to store
    const none = setPinned(setSuspended(c, 'btts', false), 'ou_2.5', null);
    expect(isControlled(none)).toBe(false);
    expect(publicMarkets(prices, none)).toEqual(prices);
  });
  it('a suspended market is shown suspended while the others stay open', () => {
    const g = {
      homeTeam: 'H',
      awayTeam: 'A',
      status: 'upcoming' as const,
      score: { home: 0, away: 0 },
      odds: { home: 210, draw: 330, away: 380 },
      sim: null,
    };
    const view = marketsView(g, prices, true, ['btts']);
    expect(view.find((m) => m.key === 'btts')!.status).toBe('suspended');
    expect(view.find((m) => m.key === 'btts')!.outcomes[0].odds).toBe(prices.btts.yes! / 100);
    expect(view.filter((m) => m.status === 'open').length).toBeGreaterThan(20);
  });
});
