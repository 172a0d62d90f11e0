import { MARKETS, type MarketDef, type Score, settleSelection } from '@bet/proto-events';
import {
  EXPECTED_STOPPAGE,
  goalMatrix,
  type Lambdas,
  MAX_PRICE,
  MIN_PRICE,
  MODEL,
  minimiseRates,
  type Phase,
  PLAYED_MINUTES,
  type Prices,
  redCardFactor,
} from './odds';

/**
 * Every market of a game priced from the one goal model of odds.ts (decision games-006):
 * the Dixon–Coles matrix of the goals still to come, shifted by the current score, gives
 * the fair chance of every full-time selection, settled by the catalogue's own rule
 * (`settleSelection`), so a price and its settlement can never disagree. Half-time markets
 * use the first half's share of the same rates; HT/FT joins the two halves and is raked to
 * agree with the half-time and full-time results. Prices are integer hundredths, ≥ 1.01.
 */

export interface MarketMargins {
  /** two-way books: Draw No Bet, totals, team totals, BTTS, Asian handicaps, each Double Chance selection against its complement */
  twoWay: number;
  /** three-way books other than 1X2 (whose margin is ODDS_MARGIN): half-time result, European handicaps */
  threeWay: number;
  correctScore: number;
  htft: number;
}

export const DEFAULT_MARKET_MARGINS: MarketMargins = {
  twoWay: 0.055,
  threeWay: 0.065,
  correctScore: 0.2,
  htft: 0.15,
};

/** What prices a game's markets: the pre-match rates and, in play, where the match is. */
export interface MarketState {
  /** full-match expected goals fixed before kick-off */
  lambdas: Lambdas;
  score?: Score;
  phase?: Phase;
  minute?: number;
  extra?: number;
  red?: { home: number; away: number };
}

/** fair chance of winning, given no push, by market then outcome; 0: cannot win any more */
export type MarketChances = Record<string, Record<string, number>>;
/** prices in hundredths by market then outcome; null: not offered (decided, or a closed half) */
export type MarketPrices = Record<string, Record<string, number | null>>;

const RESULT = ['A', 'Draw', 'B'] as const;
const sideIndex = (d: number) => (d > 0 ? 0 : d === 0 ? 1 : 2);
/** matrix cells below this chance are left out of the sums (they cannot move a price) */
const NEGLIGIBLE = 1e-13;

/** The rates of play still to come in the first half and after half time (null: the first half is over). */
export function halfLambdas(s: MarketState): { first: Lambdas; second: Lambdas } | null {
  const phase = s.phase ?? 'pre';
  if (phase !== 'pre' && phase !== '1H') return null;
  const [e1, e2] = EXPECTED_STOPPAGE;
  const firstLeft =
    phase === 'pre' ? 45 + e1 : Math.max(0, 45 - (s.minute ?? 0)) + Math.max(0.25, e1 - (s.extra ?? 0));
  const red = s.red ?? { home: 0, away: 0 };
  const fh = redCardFactor(red.home, red.away);
  const fa = redCardFactor(red.away, red.home);
  const scale = (minutes: number): Lambdas => ({
    home: (s.lambdas.home * minutes * fh) / PLAYED_MINUTES,
    away: (s.lambdas.away * minutes * fa) / PLAYED_MINUTES,
  });
  return { first: scale(firstLeft), second: scale(45 + e2) };
}

/** The rates of the goals still to come in the match (the same as odds.ts's remainingLambdas). */
function remaining(s: MarketState): Lambdas {
  const phase = s.phase ?? 'pre';
  const [e1, e2] = EXPECTED_STOPPAGE;
  const m = s.minute ?? 0;
  const x = s.extra ?? 0;
  const left =
    phase === 'pre'
      ? PLAYED_MINUTES
      : phase === '1H'
        ? Math.max(0, 45 - m) + Math.max(0.25, e1 - x) + 45 + e2
        : phase === 'HT'
          ? 45 + e2
          : phase === '2H'
            ? Math.max(0, 90 - m) + Math.max(0.25, e2 - x)
            : 0;
  const red = s.red ?? { home: 0, away: 0 };
  return {
    home: (s.lambdas.home * left * redCardFactor(red.home, red.away)) / PLAYED_MINUTES,
    away: (s.lambdas.away * left * redCardFactor(red.away, red.home)) / PLAYED_MINUTES,
  };
}

/** Final-score distribution: the matrix of goals to come shifted by the current score, normalised. */
export function finalScores(s: MarketState, rho = MODEL.rho): Array<{ ft: Score; p: number }> {
  const score = s.score ?? { home: 0, away: 0 };
  const { cells, total } = goalMatrix(remaining(s), rho);
  const out: Array<{ ft: Score; p: number }> = [];
  for (let x = 0; x < cells.length; x++)
    for (let y = 0; y < cells[x].length; y++) {
      const p = cells[x][y] / total;
      if (p > NEGLIGIBLE) out.push({ ft: { home: score.home + x, away: score.away + y }, p });
    }
  return out;
}

/**
 * The catalogue's settlement of every outcome of `def` at the final score (h, a), remembered:
 * scores repeat from one matrix to the next, and pricing then costs additions, not rule calls.
 * 1 won, 2 push, 0 lost.
 */
const settled = new Map<string, Uint8Array[][]>();
function settledAt(def: MarketDef, h: number, a: number): Uint8Array {
  let byHome = settled.get(def.key);
  if (!byHome) {
    byHome = [];
    settled.set(def.key, byHome);
  }
  let row = byHome[h];
  if (!row) {
    row = [];
    byHome[h] = row;
  }
  let cell = row[a];
  if (!cell) {
    const ft = { home: h, away: a };
    cell = Uint8Array.from(def.outcomes, (o) => {
      const r = settleSelection(def.key, o, ft);
      return r === 'won' ? 1 : r === 'push' ? 2 : 0;
    });
    row[a] = cell;
  }
  return cell;
}

function fullTimeChances(defs: readonly MarketDef[], scores: Array<{ ft: Score; p: number }>): MarketChances {
  const out: MarketChances = {};
  for (const def of defs) {
    const n = def.outcomes.length;
    const win = new Float64Array(n);
    const push = new Float64Array(n);
    for (const { ft, p } of scores) {
      const cell = settledAt(def, ft.home, ft.away);
      for (let i = 0; i < n; i++) {
        if (cell[i] === 1) win[i] += p;
        else if (cell[i] === 2) push[i] += p;
      }
    }
    const book: Record<string, number> = {};
    def.outcomes.forEach((o, i) => {
      book[o] = push[i] >= 1 ? 0 : win[i] / (1 - push[i]);
    });
    out[def.key] = book;
  }
  return out;
}

/**
 * The joint half-time / full-time results: the first half's matrix, then the second half's
 * goals from each half-time lead, raked (iterative proportional fitting) so that its margins
 * are exactly the half-time result and the full-time 1X2 of the main matrix.
 */
function halfTimeChances(s: MarketState, ft1x2: readonly number[], rho: number): MarketChances | null {
  const halves = halfLambdas(s);
  if (!halves) return null;
  const score = s.score ?? { home: 0, away: 0 };
  const lead0 = score.home - score.away;
  const { cells, total } = goalMatrix(halves.first, rho);
  const joint = RESULT.map(() => [0, 0, 0]);
  // the second half's goal difference, once: the full-time result from any half-time lead
  const second = goalMatrix(halves.second, rho);
  const diff = new Map<number, number>();
  for (let x = 0; x < second.cells.length; x++)
    for (let y = 0; y < second.cells[x].length; y++)
      diff.set(x - y, (diff.get(x - y) ?? 0) + second.cells[x][y] / second.total);
  const afterLead = new Map<number, number[]>();
  for (let x = 0; x < cells.length; x++)
    for (let y = 0; y < cells[x].length; y++) {
      const p = cells[x][y] / total;
      if (p <= NEGLIGIBLE) continue;
      const lead = lead0 + x - y;
      let ft = afterLead.get(lead);
      if (!ft) {
        ft = [0, 0, 0];
        for (const [d, q] of diff) ft[sideIndex(lead + d)] += q;
        afterLead.set(lead, ft);
      }
      const h = sideIndex(lead);
      for (let f = 0; f < 3; f++) joint[h][f] += p * ft[f];
    }
  const htRow = joint.map((r) => r[0] + r[1] + r[2]);
  for (let round = 0; round < 50; round++) {
    for (let f = 0; f < 3; f++) {
      const col = joint[0][f] + joint[1][f] + joint[2][f];
      if (col > 0) for (let h = 0; h < 3; h++) joint[h][f] *= ft1x2[f] / col;
    }
    for (let h = 0; h < 3; h++) {
      const row = joint[h][0] + joint[h][1] + joint[h][2];
      if (row > 0) for (let f = 0; f < 3; f++) joint[h][f] *= htRow[h] / row;
    }
  }
  const htft: Record<string, number> = {};
  for (let h = 0; h < 3; h++) for (let f = 0; f < 3; f++) htft[`${RESULT[h]}/${RESULT[f]}`] = joint[h][f];
  return {
    ht: { A: htRow[0], Draw: htRow[1], B: htRow[2] },
    htft,
  };
}

/** Fair chances of every market of the catalogue (half-time markets only while the first half is on). */
export function marketChances(s: MarketState, rho = MODEL.rho): MarketChances {
  const scores = finalScores(s, rho);
  const out = fullTimeChances(
    MARKETS.filter((m) => !m.halfTime),
    scores,
  );
  const x = out['1x2'];
  const half = halfTimeChances(s, [x.A, x.Draw, x.B], rho);
  if (half) Object.assign(out, half);
  return out;
}

/**
 * A book's prices from fair chances: implied probabilities add up to 1 + margin, spread in
 * proportion; an outcome that would price under 1.01 is held there and the rest of the book
 * carries the overround, one that would price over 1000.00 is held there (the water-filling
 * of odds.ts's priceWithMargin, for any number of outcomes). An outcome that cannot win
 * (chance exactly 0, decided by the score) gets no price; a book with fewer than two
 * outcomes still possible is decided and gets none at all.
 */
export function priceBook(p: readonly number[], margin: number): Array<number | null> {
  const live = p.map((x) => x > 0);
  if (live.filter(Boolean).length < 2) return p.map(() => null);
  const target = 1 + margin;
  const qMax = 100 / MIN_PRICE;
  const qMin = 100 / MAX_PRICE;
  const fixed = new Map<number, number>();
  let q = p.map(() => 0);
  for (let round = 0; round < p.length + 1; round++) {
    const free = p.map((_, i) => i).filter((i) => live[i] && !fixed.has(i));
    const rest = target - [...fixed.values()].reduce((s, v) => s + v, 0);
    const mass = free.reduce((s, i) => s + p[i], 0);
    q = p.map((_, i) => fixed.get(i) ?? (live[i] && mass > 0 ? (rest * p[i]) / mass : 0));
    const over = free.filter((i) => q[i] > qMax);
    const under = free.filter((i) => q[i] < qMin);
    if (over.length > 0) for (const i of over) fixed.set(i, qMax);
    else if (under.length > 0) for (const i of under) fixed.set(i, qMin);
    else break;
  }
  return q.map((x, i) =>
    live[i] ? Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round(100 / Math.max(x, qMin)))) : null,
  );
}

function marginOf(def: MarketDef, m: MarketMargins): number {
  switch (def.family) {
    case 'cs':
      return m.correctScore;
    case 'htft':
      return m.htft;
    case 'ht':
    case 'eh':
    case '1x2':
      return m.threeWay;
    default:
      return m.twoWay;
  }
}

/**
 * Every market's prices. 1X2 is the game's own public price (`odds`: the model's, the
 * provider's or the admin's, as the spec has it), never re-derived here; every other
 * market comes from the model. Half-time markets have no price once the first half is over.
 */
export function marketPrices(
  s: MarketState,
  odds: Prices,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
  rho = MODEL.rho,
): MarketPrices {
  const chances = marketChances(s, rho);
  const out: MarketPrices = {};
  for (const def of MARKETS) {
    if (def.key === '1x2') {
      out[def.key] = { A: odds.home, Draw: odds.draw, B: odds.away };
      continue;
    }
    const c = chances[def.key];
    if (!c) {
      out[def.key] = Object.fromEntries(def.outcomes.map((o) => [o, null]));
      continue;
    }
    if (def.family === 'dc') {
      // each selection against its complement; and a price that, backed with the other 1X2
      // outcome at its public price, would return more than the stakes (a 1.01 floor against a
      // long 1X2 price) is not offered
      const complement = { '1X': odds.away, '12': odds.draw, X2: odds.home } as Record<string, number>;
      out[def.key] = Object.fromEntries(
        def.outcomes.map((o) => {
          const price = priceBook([c[o], 1 - c[o]], margins.twoWay)[0];
          const other = complement[o];
          // 1/price + 1/other ≥ 1, in exact integers
          const safe = price !== null && 100 * (price + other) >= price * other;
          return [o, safe ? price : null];
        }),
      );
      continue;
    }
    const prices = priceBook(
      def.outcomes.map((o) => c[o]),
      marginOf(def, margins),
    );
    out[def.key] = Object.fromEntries(def.outcomes.map((o, i) => [o, prices[i]]));
  }
  return out;
}

/** Σ 1/price of the priced outcomes: 1 + the book's overround. */
export function overround(book: Record<string, number | null>): number {
  return Object.values(book).reduce<number>((s, o) => (o ? s + 100 / o : s), 0);
}

/**
 * The expected goals whose matrix best reproduces the books it is given (a feed that prices
 * only some markets, an admin's 1X2): each complete book's margin is taken out in proportion,
 * then (λ home, λ away) are fitted by least squares on the fair chances of every outcome.
 * Pre-match only; in play the fitted rates run on like the model's own.
 */
export function fitLambdas(
  books: Record<string, Record<string, number>>,
  /** in play: where the match stands (the fitted rates are the full match's, run on from here) */
  state: Omit<MarketState, 'lambdas'> = {},
): Lambdas {
  const targets: Array<{ market: string; outcome: string; p: number }> = [];
  for (const [market, book] of Object.entries(books)) {
    const def = MARKETS.find((m) => m.key === market);
    if (!def || def.halfTime) continue;
    const inv = Object.fromEntries(Object.entries(book).map(([o, h]) => [o, 100 / h]));
    // a complete book (outcomes partitioning the scores) loses its margin in proportion; a
    // partial one or Double Chance is taken as it stands
    const complete = def.family !== 'dc' && def.outcomes.every((o) => o in inv);
    const sum = complete ? Object.values(inv).reduce((s, v) => s + v, 0) : 1;
    for (const o of Object.keys(inv))
      if (def.outcomes.includes(o)) targets.push({ market, outcome: o, p: inv[o] / sum });
  }
  if (targets.length === 0) throw new Error('no book to fit');
  const defs = MARKETS.filter((m) => targets.some((t) => t.market === m.key));
  const loss = (lh: number, la: number) => {
    const c = fullTimeChances(defs, finalScores({ ...state, lambdas: { home: lh, away: la } }));
    return targets.reduce((s, t) => s + (c[t.market][t.outcome] - t.p) ** 2, 0);
  };
  return minimiseRates(loss, 1e-6);
}

const fitted = new Map<string, Lambdas>();
/** fitLambdas of a 1X2 book, remembered (an admin's or a feed's book is read far more often than it changes) */
export function lambdasOfBook(odds: Prices): Lambdas {
  const key = `${odds.home}:${odds.draw}:${odds.away}`;
  let l = fitted.get(key);
  if (!l) {
    l = fitLambdas({ '1x2': { A: odds.home, Draw: odds.draw, B: odds.away } });
    if (fitted.size >= 5000) fitted.delete(fitted.keys().next().value as string);
    fitted.set(key, l);
  }
  return l;
}
