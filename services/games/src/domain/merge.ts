import type { ProviderEvent, ProviderFixture, ProviderPrice, SourceName } from './fixtures';
import type { GameRecord, Outcome } from './game';
import { outcomeOf } from './game';
import { suspendsMarkets } from './live';
import { inPlayPrices, type Lambdas, lambdasFromPrices, type Prices, samePrices } from './odds';
import { type ClearedPins, clearPins } from './trading';

export interface MergeInput {
  existing: GameRecord | null;
  /** id for a new game */
  id: string;
  source: SourceName;
  fixture: ProviderFixture;
  price: ProviderPrice | null;
  /** our goal model's view of the fixture, used when the provider has no price */
  model: { lambdas: Lambdas; prices: Prices };
  margin: number;
  now: Date;
  /** how long (real ms) a goal or a red card suspends the game's markets (0: never) */
  suspendMs?: number;
}

export interface MergeOutcome {
  after: GameRecord;
  /** a first result to announce (games.settled) */
  settled: Outcome | null;
  /** the provider disagrees with a final state here; nothing of it was applied */
  conflict: string | null;
  /** the price moved underneath an admin adjustment, which was kept */
  keptAdjusted: boolean;
  /** in play, the sync priced the game afresh (the feed's live price, or our model's from its state) */
  priced: boolean;
  /** an admin's pins that a goal or a red card cleared (games-007), to audit */
  clearedPins: ClearedPins | null;
  /** what happened since the last sync that suspends the markets ("Goal", "Red card"), or null */
  jolt: string | null;
}

/** Red cards of each side among a feed's events (a second yellow is a red). */
export function redCards(events: readonly ProviderEvent[]): { home: number; away: number } {
  const red = { home: 0, away: 0 };
  for (const e of events) if (suspendsMarkets([e]) && e.type === 'Card') red[e.side]++;
  return red;
}

/**
 * Folds one provider fixture into our game. The provider is the source of truth for
 * teams, dates, live scores and results, with three exceptions that protect what was
 * already decided here: a finished or cancelled game keeps its status and result (a
 * disagreeing provider is reported as a conflict for an admin to correct), a live game
 * never goes back to upcoming, and an admin's odds adjustment is never overwritten.
 */
export function mergeFixture(m: MergeInput): MergeOutcome {
  const f = m.fixture;
  const start: GameRecord = m.existing ?? {
    id: m.id,
    provider: m.source,
    providerId: f.providerId,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    homeTeamLogo: f.homeTeamLogo,
    awayTeamLogo: f.awayTeamLogo,
    league: f.league,
    matchDate: f.matchDate,
    status: 'upcoming',
    score: { home: 0, away: 0 },
    elapsed: null,
    result: null,
    odds: m.model.prices,
    base: m.model.prices,
    adjusted: null,
    priceSource: 'model',
    lambdas: m.model.lambdas,
    sim: null,
    settledAt: null,
    cancelledAt: null,
  };
  const after: GameRecord = {
    ...start,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    homeTeamLogo: f.homeTeamLogo ?? start.homeTeamLogo,
    awayTeamLogo: f.awayTeamLogo ?? start.awayTeamLogo,
    league: f.league ?? start.league,
    matchDate: f.matchDate,
  };
  let conflict: string | null = null;
  let settled: Outcome | null = null;

  const final = start.status === 'finished' || start.status === 'cancelled';
  if (final) {
    const providerOutcome = f.status === 'finished' && f.score ? outcomeOf(f.score.home, f.score.away) : null;
    if (f.status !== start.status) {
      conflict = `the provider reports ${f.status} for a game that is ${start.status} here`;
    } else if (start.result && providerOutcome && providerOutcome !== start.result) {
      conflict = `the provider reports ${providerOutcome} (${f.score!.home}-${f.score!.away}) for a game settled as ${start.result}`;
    } else if (start.result && f.score && providerOutcome === start.result) {
      after.score = { ...f.score }; // same outcome, corrected score: moves no bet
    } else if (!start.result && f.status === 'finished' && f.score) {
      settled = outcomeOf(f.score.home, f.score.away);
    }
  } else if (start.status === 'live' && f.status === 'upcoming') {
    // a provider lagging behind: a started game does not go back
  } else {
    after.status = f.status;
    if (f.status === 'live' || f.status === 'finished') {
      if (f.score) after.score = { ...f.score };
      after.elapsed =
        f.status === 'finished' ? Math.max(90, f.elapsed ?? 90) : (f.elapsed ?? start.elapsed ?? 0);
    }
    if (f.status === 'upcoming') after.elapsed = null;
    if (f.status === 'cancelled') after.cancelledAt = m.now;
    if (f.status === 'finished' && f.score) settled = outcomeOf(f.score.home, f.score.away);
  }
  if (settled) {
    after.score = { ...f.score! };
    after.result = settled;
    after.settledAt = m.now;
    after.elapsed = Math.max(90, after.elapsed ?? 90);
  }

  // what the feed says beyond 1X2: the half-time score, and before kick-off the other markets
  if (f.htScore && (!final || settled)) after.feed = { ...(after.feed ?? {}), htScore: { ...f.htScore } };
  if (after.status === 'upcoming' && m.price && !m.price.live) {
    const { markets: _old, ...rest } = after.feed ?? {};
    const markets = m.price.markets && Object.keys(m.price.markets).length > 0 ? m.price.markets : null;
    after.feed = markets ? { ...rest, markets } : Object.keys(rest).length > 0 ? rest : null;
  }

  // in play: where the match stands prices every market; a goal or a red card since the last
  // sync suspends the game and clears an admin's pins (betting-008, games-007)
  let jolt: string | null = null;
  if (after.status === 'live' && f.status === 'live' && f.phase) {
    const was = start.status === 'live' ? start.feed?.live : undefined;
    const red = f.events ? redCards(f.events) : (was?.red ?? { home: 0, away: 0 });
    const scored =
      start.status === 'live' &&
      (after.score.home !== start.score.home || after.score.away !== start.score.away);
    const sentOff = !!was && (red.home > was.red.home || red.away > was.red.away);
    jolt = scored ? 'Goal' : sentOff ? 'Red card' : null;
    const { suspendedUntil, ...feed } = after.feed ?? {};
    const until =
      jolt && (m.suspendMs ?? 0) > 0
        ? m.now.getTime() + (m.suspendMs ?? 0)
        : suspendedUntil !== undefined && suspendedUntil > m.now.getTime()
          ? suspendedUntil
          : undefined;
    const { liveMarkets: _was, ...rest } = feed;
    const liveBooks = m.price?.live && m.price.markets && Object.keys(m.price.markets).length > 0;
    after.feed = {
      ...rest,
      ...(liveBooks ? { liveMarkets: m.price!.markets } : {}),
      live: {
        phase: f.phase,
        minute: Math.min(90, after.elapsed ?? 0),
        red,
        feedPrice: m.price?.live ? true : after.lambdas ? false : !!was?.feedPrice,
      },
      ...(until !== undefined ? { suspendedUntil: until } : {}),
    };
  }

  // prices
  let priced = false;
  if (after.status === 'upcoming') {
    if (m.price && !m.price.live) {
      after.base = m.price.odds;
      after.priceSource = 'provider';
      after.lambdas = lambdasFromPrices(m.price.odds);
    } else if (after.priceSource === 'model') {
      after.base = m.model.prices;
      after.lambdas = m.model.lambdas;
    }
  } else if (after.status === 'live') {
    if (m.price?.live) {
      after.base = m.price.odds;
      priced = true;
    } else if (after.lambdas && f.phase && f.phase !== 'FT') {
      after.base = inPlayPrices(
        {
          lambdas: after.lambdas,
          score: after.score,
          phase: f.phase,
          minute: Math.min(90, after.elapsed ?? 0),
          red: after.feed?.live?.red,
        },
        m.margin,
      );
      priced = true;
    }
  }
  let clearedPins: ClearedPins | null = null;
  if (jolt) {
    const cleared = clearPins(after);
    clearedPins = cleared.cleared;
    if (clearedPins) Object.assign(after, cleared.after);
  }
  after.odds = after.adjusted ?? after.base;
  const keptAdjusted = !!after.adjusted && !samePrices(start.base, after.base);
  return { after, settled, conflict, keptAdjusted, priced, clearedPins, jolt };
}
