import {
  DEFAULT_MARKET_MARGINS,
  type MarketMargins,
  type MarketPrices,
  marketPrices,
} from './market-pricing';
import { type MatchEvent, type MatchState, playUntil } from './match';
import { inPlayPrices, type Prices, samePrices } from './odds';

/**
 * What a simulated live game announces, and when. The public price of a game is always
 * the last one announced (the only one that can be bet on), so skipping an announcement
 * never lets anyone bet on an unannounced price; it only lets the public price lag the
 * model. What matters is the direction of the lag: a public price longer than the model's
 * is value for the bettor, a shorter one is not. So a price that has become `minMove`
 * better for the bettor than the model's is republished on that very minute (with a 6%
 * margin and a 2% threshold, a lagging price is still shorter than fair), while a price
 * that is merely stingier waits for the next goal, card, phase change or `maxAgeMinutes`.
 * Every change is announced at once on a game somebody has bet on.
 */
export interface LivePolicy {
  /** republish as soon as a public price is this fraction longer (better for the bettor) than the model's */
  minMove: number;
  /** republish a changed price at least this often (simulated minutes) */
  maxAgeMinutes: number;
  /** publish the running minute (games.updated) this often when nothing else happened */
  clockEveryMinutes: number;
}

export const DEFAULT_POLICY: LivePolicy = { minMove: 0.02, maxAgeMinutes: 10, clockEveryMinutes: 5 };

/** A simulated match plus what has been announced about it. */
export interface SimRecord {
  /** real time (ms) of the kick-off: the match clock runs from here at the simulator's speed */
  kickoffAt: number;
  match: MatchState;
  /** match clock of the last games.odds_changed */
  oddsClock: number;
  /** match clock of the last games.updated */
  updateClock: number;
  /**
   * every market's price as last announced (games-006); absent before the first in-play
   * announcement and while an admin's 1X2 price stands (no market is then offered)
   */
  markets?: MarketPrices | null;
  /**
   * real time (ms) until which every market of the game is suspended: set by a goal, a red
   * card or a penalty (betting-008), so no bet is taken at a price the event made stale
   */
  suspendedUntil?: number;
}

/** A goal (penalties included: the engine awards them as goals), or a red card: the prices jump. */
export function suspendsMarkets(events: ReadonlyArray<{ type: string; detail: string }>): boolean {
  return events.some(
    (e) => e.type === 'Goal' || (e.type === 'Card' && e.detail !== 'Yellow Card') || e.detail === 'Penalty',
  );
}

export interface LiveInput {
  rec: SimRecord;
  targetClock: number;
  /** the current public price */
  announced: Prices;
  /** an admin adjustment is active: the model keeps running but announces nothing */
  adjusted: boolean;
  /** someone has bets on this game: every price change is announced */
  interested: boolean;
  margin: number;
  policy: LivePolicy;
  /** margins of the markets other than 1X2 */
  marketMargins?: MarketMargins;
}

export interface LiveOutcome {
  rec: SimRecord;
  events: MatchEvent[];
  /** the model's price now (null after full time) */
  model: Prices | null;
  /** the new public price to announce, if any */
  announce: Prices | null;
  /** the markets' new prices to announce (with the public 1X2 price), if any */
  announceMarkets: MarketPrices | null;
  /** publish games.updated (status, score or minute changed enough) */
  update: boolean;
  finished: boolean;
  changed: boolean;
}

export function advanceLive(input: LiveInput): LiveOutcome {
  const { rec, policy } = input;
  const before = rec.match;
  const { state, events } = playUntil(before, input.targetClock);
  const changed = state !== before;
  const finished = state.phase === 'FT';
  const goal = events.some((e) => e.type === 'Goal');
  const red = events.some((e) => e.type === 'Card' && e.detail !== 'Yellow Card');
  const phaseChanged = state.phase !== before.phase;
  const model = finished ? null : inPlayPrices(state, input.margin);

  const update =
    changed &&
    (finished ||
      phaseChanged ||
      goal ||
      (state.minute !== before.minute && state.clock - rec.updateClock >= policy.clockEveryMinutes));

  let announce: Prices | null = null;
  if (model && changed && !input.adjusted && !samePrices(model, input.announced)) {
    const due =
      input.interested ||
      goal ||
      red ||
      phaseChanged ||
      bettorEdge(input.announced, model) >= policy.minMove ||
      state.clock - rec.oddsClock >= policy.maxAgeMinutes;
    if (due) announce = model;
  }

  // the other markets move with the model every minute; they are announced with the 1X2
  // price, and on their own whenever the 1X2 price would be due had it moved (a goal, a card,
  // a new phase, someone's bets, a price that has drifted in the bettor's favour, or age)
  let announceMarkets: MarketPrices | null = null;
  if (!finished && changed && !input.adjusted) {
    const current = announce ?? input.announced;
    const next = marketPrices(state, current, input.marketMargins ?? DEFAULT_MARKET_MARGINS);
    const before = rec.markets ?? null;
    if (!sameMarkets(before, next)) {
      const due =
        !!announce ||
        !before ||
        input.interested ||
        goal ||
        red ||
        phaseChanged ||
        marketsEdge(before, next) >= policy.minMove ||
        state.clock - rec.oddsClock >= policy.maxAgeMinutes;
      if (due) announceMarkets = next;
    }
  }
  const priced = !!announce || !!announceMarkets;

  return {
    rec: {
      ...(rec.suspendedUntil !== undefined ? { suspendedUntil: rec.suspendedUntil } : {}),
      kickoffAt: rec.kickoffAt,
      match: state,
      oddsClock: priced ? state.clock : rec.oddsClock,
      updateClock: update ? state.clock : rec.updateClock,
      // an admin's 1X2 price stands: the model's markets would not agree with it, none is offered
      markets: input.adjusted || finished ? null : (announceMarkets ?? rec.markets ?? null),
    },
    events,
    model,
    announce,
    announceMarkets,
    update,
    finished,
    changed,
  };
}

/** How much better for a bettor the public price is than the model's, at its best outcome. */
export function bettorEdge(announced: Prices, model: Prices): number {
  return Math.max(announced.home / model.home, announced.draw / model.draw, announced.away / model.away) - 1;
}

export function sameMarkets(a: MarketPrices | null | undefined, b: MarketPrices | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  for (const [k, book] of Object.entries(b)) {
    const other = a[k];
    if (!other) return false;
    for (const [o, v] of Object.entries(book)) if (other[o] !== v) return false;
  }
  return true;
}

/** How much better for a bettor the announced market prices are than the model's, at the best selection. */
export function marketsEdge(announced: MarketPrices, model: MarketPrices): number {
  let edge = 0;
  for (const [k, book] of Object.entries(model))
    for (const [o, v] of Object.entries(book)) {
      const was = announced[k]?.[o];
      // a selection the model no longer offers is a bettor's edge in full
      if (was && !v) return Number.POSITIVE_INFINITY;
      if (was && v) edge = Math.max(edge, was / v - 1);
    }
  return edge;
}
