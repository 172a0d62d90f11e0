import {
  MARKETS,
  marketLabel,
  type Score,
  type SelectionResult,
  selectionLabel,
  settleSelection,
} from '@bet/proto-events';
import { type MarketControl, publicMarkets } from './market-control';
import {
  DEFAULT_MARKET_MARGINS,
  fitLambdas,
  lambdasOfBook,
  type MarketMargins,
  type MarketPrices,
  type MarketState,
  marketPrices,
} from './market-pricing';
import type { Lambdas, Phase, Prices } from './odds';

/*
 * A game's markets: what a provider's feed offers, where each price comes from (feed, model
 * or admin), and how they are shown; the prices themselves are market-pricing.ts's.
 */

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
