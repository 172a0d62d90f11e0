import type { ProviderFixture, ProviderPrice, SourceName } from './fixtures';
import type { GameRecord, Outcome } from './game';
import { outcomeOf } from './game';
import { inPlayPrices, type Lambdas, lambdasFromPrices, type Prices, samePrices } from './odds';

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
}

export interface MergeOutcome {
  after: GameRecord;
  /** a first result to announce (games.settled) */
  settled: Outcome | null;
  /** the provider disagrees with a final state here; nothing of it was applied */
  conflict: string | null;
  /** the price moved underneath an admin adjustment, which was kept */
  keptAdjusted: boolean;
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

  // prices
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
    } else if (after.lambdas && f.phase && f.phase !== 'FT') {
      after.base = inPlayPrices(
        {
          lambdas: after.lambdas,
          score: after.score,
          phase: f.phase,
          minute: Math.min(90, after.elapsed ?? 0),
        },
        m.margin,
      );
    }
  }
  after.odds = after.adjusted ?? after.base;
  const keptAdjusted = !!after.adjusted && !samePrices(start.base, after.base);
  return { after, settled, conflict, keptAdjusted };
}
