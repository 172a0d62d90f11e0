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
}

export interface LiveOutcome {
  rec: SimRecord;
  events: MatchEvent[];
  /** the model's price now (null after full time) */
  model: Prices | null;
  /** the new public price to announce, if any */
  announce: Prices | null;
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

  return {
    rec: {
      kickoffAt: rec.kickoffAt,
      match: state,
      oddsClock: announce ? state.clock : rec.oddsClock,
      updateClock: update ? state.clock : rec.updateClock,
    },
    events,
    model,
    announce,
    update,
    finished,
    changed,
  };
}

/** How much better for a bettor the public price is than the model's, at its best outcome. */
export function bettorEdge(announced: Prices, model: Prices): number {
  return Math.max(announced.home / model.home, announced.draw / model.draw, announced.away / model.away) - 1;
}
