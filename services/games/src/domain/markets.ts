import {
  MARKETS,
  type MarketDef,
  marketLabel,
  type Score,
  type SelectionResult,
  selectionLabel,
  settleSelection,
} from '@bet/proto-events';
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

/** The game's state that its markets depend on (a GameRecord's fields; kept narrow for tests). */
export interface PricedGame {
  status: 'upcoming' | 'live' | 'finished' | 'cancelled';
  odds: Prices;
  adjusted: Prices | null;
  priceSource: 'model' | 'provider' | 'manual';
  lambdas: Lambdas | null;
  sim: { markets?: MarketPrices | null } | null;
  /** an admin's suspended markets and pinned prices */
  marketControl?: MarketControl | null;
  /** what a provider's feed said beyond 1X2 */
  feed?: FeedRecord | null;
  /** the running score (in play) */
  score?: Score;
}

/** books by market then outcome, prices in hundredths, as a feed gave them */
export type MarketBooks = Record<string, Record<string, number>>;

/** What a provider's feed said about a game beyond 1X2 (issue 32 item 6). */
export interface FeedRecord {
  /** pre-match books of other markets (providers/markets.ts maps their names onto ours) */
  markets?: MarketBooks;
  /** the half-time score the feed recorded */
  htScore?: Score;
  /** in play: where the match stands as the feed last said, which prices every market (issue 32) */
  live?: FeedLiveState;
  /** in play: the feed's own live books of other markets, offered as they are when complete */
  liveMarkets?: MarketBooks;
  /**
   * real time (ms) until which every market of the game is suspended: set when a sync sees a
   * goal or a red card (betting-008, as the simulator does)
   */
  suspendedUntil?: number;
}

/** Where a provider's live match stands, from its last sync. */
export interface FeedLiveState {
  phase: Phase;
  minute: number;
  red: { home: number; away: number };
  /** the 1X2 price on show is the feed's own live price (else our model's, from this state) */
  feedPrice: boolean;
}

/**
 * The feed's books offered as they are: those that price every outcome of their market and
 * leave no sure profit (Σ 1/price ≥ 1). A partial or arbitrageable book only informs the fit.
 */
export function usableFeedBooks(books: MarketBooks | null | undefined): MarketBooks {
  const out: MarketBooks = {};
  for (const [market, book] of Object.entries(books ?? {})) {
    const def = MARKETS.find((m) => m.key === market);
    if (!def || market === '1x2') continue;
    if (!def.outcomes.every((o) => Number.isInteger(book[o]) && book[o] > 100)) continue;
    // Double Chance's selections overlap: each score wins two of its three, so its book sums to 2
    if (def.outcomes.reduce((sum, o) => sum + 100 / book[o], 0) < (def.family === 'dc' ? 2 : 1)) continue;
    out[market] = Object.fromEntries(def.outcomes.map((o) => [o, book[o]]));
  }
  return out;
}

const fittedBooks = new Map<string, Lambdas>();
/** fitLambdas of a 1X2 price and a feed's complete books, remembered per set of books */
export function lambdasOfBooks(odds: Prices, books: MarketBooks): Lambdas {
  const all = { '1x2': { A: odds.home, Draw: odds.draw, B: odds.away }, ...books };
  const key = JSON.stringify(all);
  let l = fittedBooks.get(key);
  if (!l) {
    l = fitLambdas(all);
    if (fittedBooks.size >= 2000) fittedBooks.delete(fittedBooks.keys().next().value as string);
    fittedBooks.set(key, l);
  }
  return l;
}

/** Where each market's prices come from: the feed, our model, or an admin. */
export type MarketSource = 'feed' | 'model' | 'admin';

/**
 * A game's public market prices (null: only 1X2 is offered).
 * - Before kick-off: from the model's rates, or, for a game priced by an admin or a feed (or
 *   an admin's adjustment), from the rates fitted to its public 1X2 price, so that every
 *   market agrees with the price on show.
 * - A simulated game in play: the prices last announced, which move with the match.
 * - Another game in play, or a finished or cancelled one: none (no in-play model runs for it).
 */
export function gameMarkets(
  g: PricedGame,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): MarketPrices | null {
  return publicMarkets(modelMarkets(g, margins), g.marketControl);
}

/** gameMarkets before an admin's control is laid over it. */
export function modelMarkets(
  g: PricedGame,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): MarketPrices | null {
  if (g.status === 'finished' || g.status === 'cancelled') return null;
  // an admin's in-play price is not the model's: no market would agree with it
  if (g.status === 'live') {
    if (g.adjusted !== null) return null;
    return g.sim ? (g.sim.markets ?? null) : feedLiveMarkets(g, margins);
  }
  const own = g.priceSource === 'model' && g.adjusted === null && g.lambdas;
  // a feed's complete books are offered as they are, and every other market is fitted to them
  const feed = feedBooksOf(g);
  const lambdas = own
    ? (g.lambdas as Lambdas)
    : Object.keys(feed).length > 0
      ? lambdasOfBooks(g.odds, feed)
      : lambdasOfBook(g.odds);
  const prices = marketPrices({ lambdas }, g.odds, margins);
  for (const [market, book] of Object.entries(feed)) prices[market] = { ...book };
  return prices;
}

const fittedLive = new Map<string, Lambdas>();
/** the full-match rates whose in-play 1X2 at this state is the feed's live price, remembered */
function lambdasInPlay(odds: Prices, state: Omit<MarketState, 'lambdas'>): Lambdas {
  const key = JSON.stringify([odds, state]);
  let l = fittedLive.get(key);
  if (!l) {
    l = fitLambdas({ '1x2': { A: odds.home, Draw: odds.draw, B: odds.away } }, state);
    if (fittedLive.size >= 2000) fittedLive.delete(fittedLive.keys().next().value as string);
    fittedLive.set(key, l);
  }
  return l;
}

/**
 * A provider's game in play (no simulator runs it): every market from the goal model at the
 * state the feed last reported (score, phase, minute, red cards). When the 1X2 price on show is
 * the feed's own live price, the rates are fitted to it at that state, so every market agrees
 * with it; otherwise the game's pre-match rates run on, as our in-play 1X2 does. The feed's own
 * complete live books, if any, are offered as they are. After normal time: none.
 */
export function feedLiveMarkets(
  g: PricedGame,
  margins: MarketMargins = DEFAULT_MARKET_MARGINS,
): MarketPrices | null {
  const live = g.feed?.live;
  if (!live || live.phase === 'FT' || (!g.lambdas && !live.feedPrice)) return null;
  const state = {
    score: g.score ?? { home: 0, away: 0 },
    phase: live.phase,
    minute: live.minute,
    red: live.red,
  };
  const lambdas = live.feedPrice ? lambdasInPlay(g.odds, state) : (g.lambdas as Lambdas);
  const prices = marketPrices({ ...state, lambdas }, g.odds, margins);
  for (const [market, book] of Object.entries(usableFeedBooks(g.feed?.liveMarkets)))
    prices[market] = { ...book };
  return prices;
}

/** The feed's books a game offers as they are (a provider's own price on show, not an admin's). */
export function feedBooksOf(
  g: Pick<PricedGame, 'status' | 'priceSource' | 'adjusted' | 'feed'>,
): MarketBooks {
  if (g.status !== 'upcoming' || g.priceSource !== 'provider' || g.adjusted !== null) return {};
  return usableFeedBooks(g.feed?.markets);
}

/** Where each market of a game is priced from, for GET /games/{id}/markets. */
export function marketSources(g: PricedGame): Record<string, MarketSource> {
  const liveFeed = g.status === 'live' && !g.sim && g.adjusted === null ? g.feed?.live : undefined;
  const feed = liveFeed ? usableFeedBooks(g.feed?.liveMarkets) : feedBooksOf(g);
  const pinned = g.marketControl?.prices ?? {};
  return Object.fromEntries(
    MARKETS.map((def) => {
      if (def.key === '1x2')
        return [
          def.key,
          g.adjusted !== null || g.priceSource === 'manual'
            ? 'admin'
            : (liveFeed ? liveFeed.feedPrice : g.priceSource === 'provider')
              ? 'feed'
              : 'model',
        ];
      return [def.key, pinned[def.key] ? 'admin' : feed[def.key] ? 'feed' : 'model'];
    }),
  );
}

/** The half-time score a game recorded (the simulator at the break, or a provider's feed), or null. */
export function htScoreOf(g: {
  sim: { match?: { htScore?: Score } } | null;
  feed?: FeedRecord | null;
}): Score | null {
  const ht = g.sim?.match?.htScore ?? g.feed?.htScore;
  return ht ? { home: ht.home, away: ht.away } : null;
}

export type MarketStatus = 'open' | 'suspended' | 'settled' | 'void';

export interface MarketView {
  key: string;
  name: string;
  status: MarketStatus;
  /** where its prices come from: the provider's feed, our model, or an admin */
  source?: MarketSource;
  outcomes: Array<{
    code: string;
    label: string;
    /** decimal odds with two decimals, null when not offered */
    odds: number | null;
    /** once the game is settled */
    result?: SelectionResult;
  }>;
}

/**
 * A game's markets as GET /games/{id}/markets shows them. A cancelled game's markets are
 * void; a finished game's are settled, each outcome with its result; otherwise a market is
 * open when the game takes bets and at least two of its outcomes have a price.
 */
export function marketsView(
  g: {
    homeTeam: string;
    awayTeam: string;
    status: 'upcoming' | 'live' | 'finished' | 'cancelled';
    score: Score;
    odds: Prices;
    sim: { match?: { htScore?: Score } } | null;
    feed?: FeedRecord | null;
  },
  prices: MarketPrices | null,
  bettable: boolean,
  /** markets an admin suspended: shown suspended, with the prices they would have */
  suspended: readonly string[] = [],
  sources?: Record<string, MarketSource>,
): MarketView[] {
  const teams = { home: g.homeTeam, away: g.awayTeam };
  const ht = htScoreOf(g);
  return MARKETS.map((def) => {
    const book =
      def.key === '1x2' ? { A: g.odds.home, Draw: g.odds.draw, B: g.odds.away } : (prices?.[def.key] ?? null);
    const settled = g.status === 'finished';
    const offered =
      !settled &&
      g.status !== 'cancelled' &&
      !!book &&
      Object.values(book).filter((o) => o !== null).length >= 2;
    const status: MarketStatus =
      g.status === 'cancelled'
        ? 'void'
        : settled
          ? 'settled'
          : offered && bettable && !suspended.includes(def.key)
            ? 'open'
            : 'suspended';
    return {
      key: def.key,
      name: marketLabel(def.key, teams),
      status,
      ...(sources?.[def.key] ? { source: sources[def.key] } : {}),
      outcomes: def.outcomes.map((code) => {
        const h = offered ? (book?.[code] ?? null) : null;
        return {
          code,
          label: selectionLabel(def.key, code, teams),
          odds: h === null ? null : h / 100,
          ...(settled ? { result: settleSelection(def.key, code, g.score, ht) } : {}),
        };
      }),
    };
  });
}

// ── an admin's control of single markets (issue 32 item 7) ─────────────────

/**
 * What an admin decided about single markets of a game: markets suspended until reopened,
 * and prices pinned (hundredths, by market then outcome) until reset. 1X2's price has its own
 * adjustment (GameRecord.adjusted); 1X2 can still be suspended here.
 */
export interface MarketControl {
  suspended: string[];
  prices: Record<string, Record<string, number>>;
}

export const NO_CONTROL: MarketControl = { suspended: [], prices: {} };

export const isControlled = (c: MarketControl | null | undefined): boolean =>
  !!c && (c.suspended.length > 0 || Object.keys(c.prices).length > 0);

/** The prices with an admin's pinned ones laid over them (a pinned outcome keeps its price whatever the model says). */
export function withPinnedPrices(
  prices: MarketPrices | null,
  control: MarketControl | null | undefined,
): MarketPrices | null {
  if (!control || Object.keys(control.prices).length === 0) return prices;
  const out: MarketPrices = { ...(prices ?? {}) };
  for (const [market, pinned] of Object.entries(control.prices)) {
    const def = MARKETS.find((m) => m.key === market);
    if (!def || market === '1x2') continue;
    const book = { ...(out[market] ?? Object.fromEntries(def.outcomes.map((o) => [o, null]))) };
    for (const [o, h] of Object.entries(pinned)) if (def.outcomes.includes(o)) book[o] = h;
    out[market] = book;
  }
  return out;
}

/**
 * What is announced (and so what betting may take): pinned prices laid over the model's, and
 * every outcome of a suspended market without a price, so that a consumer that does not read
 * `suspendedMarkets` still cannot take it.
 */
export function publicMarkets(
  prices: MarketPrices | null,
  control: MarketControl | null | undefined,
): MarketPrices | null {
  const pinned = withPinnedPrices(prices, control);
  if (!pinned || !control || control.suspended.length === 0) return pinned;
  const out: MarketPrices = { ...pinned };
  for (const market of control.suspended)
    if (market !== '1x2' && out[market])
      out[market] = Object.fromEntries(Object.keys(out[market]).map((o) => [o, null]));
  return out;
}

/** Suspends (true) or reopens (false) a market; null when that changes nothing. */
export function setSuspended(
  control: MarketControl | null | undefined,
  market: string,
  suspended: boolean,
): MarketControl | null {
  const c = control ?? NO_CONTROL;
  if (c.suspended.includes(market) === suspended) return null;
  return {
    ...c,
    suspended: suspended ? [...c.suspended, market].sort() : c.suspended.filter((m) => m !== market),
  };
}

/** Pins (prices given) or unpins (null) a market's prices. */
export function setPinned(
  control: MarketControl | null | undefined,
  market: string,
  prices: Record<string, number> | null,
): MarketControl {
  const c = control ?? NO_CONTROL;
  const { [market]: _old, ...rest } = c.prices;
  return { ...c, prices: prices ? { ...rest, [market]: prices } : rest };
}
