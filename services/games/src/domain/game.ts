import {
  AlreadySettledError,
  GameCancelledError,
  GameClosedError,
  GameFinishedError,
  ResultMismatchError,
  SameResultError,
  StatusBackwardsError,
} from './errors';
import type { SimRecord } from './live';
import type { MarketControl } from './market-control';
import type { FeedRecord } from './markets';
import type { Lambdas, Prices } from './odds';

export type GameStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';
export type Outcome = 'A' | 'B' | 'Draw';
export type Provider = 'manual' | 'simulator' | 'apifootball' | 'allsportsapi';
/** model: priced by our goal model; provider: the provider's prices; manual: the admin's */
export type PriceSource = 'model' | 'provider' | 'manual';

/** A game as the domain sees it; prices in integer hundredths. */
export interface GameRecord {
  id: string;
  provider: Provider;
  providerId: string | null;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  league: string | null;
  matchDate: Date;
  status: GameStatus;
  score: { home: number; away: number };
  elapsed: number | null;
  result: Outcome | null;
  /** the public price: what can be bet on, always the last one announced */
  odds: Prices;
  /** what the model, the provider or the creating admin says */
  base: Prices;
  /** an admin's price, which wins over `base` until reset */
  adjusted: Prices | null;
  priceSource: PriceSource;
  /** expected goals of the goal model (null for admin-made games) */
  lambdas: Lambdas | null;
  sim: SimRecord | null;
  settledAt: Date | null;
  cancelledAt: Date | null;
  /** when the in-play price was last confirmed by its pricing engine (or an admin); live games only */
  pricesAt?: Date | null;
  /** an admin's suspended markets and pinned market prices (issue 32 item 7); null: none */
  marketControl?: MarketControl | null;
  /** what a provider's feed said beyond 1X2: other markets' books, the half-time score (issue 32 item 6) */
  feed?: FeedRecord | null;
}

/** The Game object of the public API (docs/api-conventions.md). */
export interface ApiGame {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  league: string | null;
  matchDate: string;
  status: GameStatus;
  scores: { home: number; away: number };
  elapsedTime: number | null;
  odds: { home: number; draw: number; away: number };
  result: Outcome | null;
  /** additive: who plays the match out (a simulated game is labelled as such everywhere) */
  source: GameSource;
  /** additive: the match phase of a simulated game (1H, HT, 2H, FT), null when unknown */
  phase: MatchPhaseName | null;
  /** additive, on reads: a live game whose in-play price is not fresh takes no bets */
  suspended?: boolean;
}

export type GameSource = 'simulator' | 'provider' | 'manual';
export type MatchPhaseName = '1H' | 'HT' | '2H' | 'FT';

export function sourceOf(provider: Provider): GameSource {
  return provider === 'simulator' ? 'simulator' : provider === 'manual' ? 'manual' : 'provider';
}

type SuspensionHolder = {
  sim?: { suspendedUntil?: number } | null;
  feed?: { suspendedUntil?: number } | null;
};

/** Until when (real ms) a goal or a red card suspends the game: the simulator's, or a provider sync's. */
export const suspendedUntilOf = (g: SuspensionHolder): number | undefined =>
  g.sim?.suspendedUntil ?? g.feed?.suspendedUntil;

/**
 * A live market is open only while its in-play price is fresh: confirmed by the pricing
 * engine (or an admin) within `maxAgeMs`. A stalled simulator, a provider with no in-play
 * prices, or a manual game nobody prices leaves the game suspended, never on old prices.
 */
export function liveSuspended(
  g: Pick<GameRecord, 'status' | 'pricesAt'> & SuspensionHolder,
  now: number,
  maxAgeMs: number,
): boolean {
  if (g.status !== 'live') return false;
  // a goal, a red card or a penalty suspends every market for a few seconds (betting-008)
  const until = suspendedUntilOf(g);
  if (until !== undefined && now < until) return true;
  return !g.pricesAt || now - g.pricesAt.getTime() > maxAgeMs;
}

export const toDecimalOdds = (p: Prices) => ({ home: p.home / 100, draw: p.draw / 100, away: p.away / 100 });

/** `live` given (reads): the answer says whether the live market is suspended right now. */
export function toApiGame(g: GameRecord, live?: { now: number; maxAgeMs: number }): ApiGame {
  return {
    _id: g.id,
    homeTeam: g.homeTeam,
    awayTeam: g.awayTeam,
    homeTeamLogo: g.homeTeamLogo,
    awayTeamLogo: g.awayTeamLogo,
    league: g.league,
    matchDate: g.matchDate.toISOString(),
    status: g.status,
    scores: { ...g.score },
    elapsedTime: g.elapsed,
    odds: toDecimalOdds(g.odds),
    result: g.result,
    source: sourceOf(g.provider),
    phase: (g.sim?.match.phase as MatchPhaseName | undefined) ?? null,
    ...(live ? { suspended: liveSuspended(g, live.now, live.maxAgeMs) } : {}),
  };
}

export const OUTCOME_LABEL: Record<Outcome, string> = {
  A: 'a home win (A)',
  B: 'an away win (B)',
  Draw: 'a draw',
};

export function outcomeOf(home: number, away: number): Outcome {
  return home > away ? 'A' : home < away ? 'B' : 'Draw';
}

/** null when the result agrees with the score, else the reason it does not. */
export function resultMismatch(result: Outcome, home: number, away: number): string | null {
  const actual = outcomeOf(home, away);
  if (actual === result) return null;
  return `The result ${result} does not match the score ${home}-${away}, which is ${OUTCOME_LABEL[actual]}`;
}

/**
 * Status changes an admin may make through the edit form. Status only moves forward:
 * a finished or cancelled game never becomes upcoming or live again, and bets already
 * settled or refunded stay that way. Finishing here leaves the result to "Set result".
 */
const FORWARD: Record<GameStatus, GameStatus[]> = {
  upcoming: ['upcoming', 'live', 'finished', 'cancelled'],
  live: ['live', 'finished', 'cancelled'],
  finished: ['finished'],
  cancelled: ['cancelled'],
};

export function assertStatusChange(from: GameStatus, to: GameStatus) {
  if (FORWARD[from].includes(to)) return;
  if (from === 'finished' && to === 'cancelled') {
    throw new GameFinishedError('A finished game cannot be cancelled');
  }
  if (from === 'cancelled') throw new GameCancelledError('A cancelled game cannot change status');
  if (from === 'finished') throw new GameFinishedError(`A finished game cannot become ${to} again`);
  throw new StatusBackwardsError(`A ${from} game cannot go back to ${to}`);
}

export function assertCancellable(g: Pick<GameRecord, 'status'>) {
  if (g.status === 'finished') throw new GameFinishedError('A finished game cannot be cancelled');
  if (g.status === 'cancelled') throw new GameCancelledError('This game is already cancelled');
}

export interface ResultInput {
  result: Outcome;
  homeScore: number;
  awayScore: number;
  correction?: boolean;
}

export type ResultDecision =
  | { kind: 'settle' }
  | { kind: 'correct'; previous: Outcome }
  | { kind: 'rescore' };

/**
 * What setting a result means for this game: a first settlement, an explicit correction
 * of a settled game, or (same outcome, other score) a score fix that moves no bet. An upcoming
 * game may get a result too (the spec has no kick-off rule): an admin settles a manually created
 * game whenever it was played.
 */
export function decideResult(g: GameRecord, input: ResultInput): ResultDecision {
  const mismatch = resultMismatch(input.result, input.homeScore, input.awayScore);
  if (mismatch) throw new ResultMismatchError(mismatch);
  if (g.status === 'cancelled') {
    throw new GameCancelledError('A cancelled game cannot get a result');
  }
  if (g.result === null) return { kind: 'settle' };
  if (!input.correction) {
    throw new AlreadySettledError(
      `This game is already settled (${g.result}, ${g.score.home}-${g.score.away}); send "correction": true to correct the result`,
    );
  }
  if (g.result === input.result) {
    if (g.score.home === input.homeScore && g.score.away === input.awayScore) {
      throw new SameResultError('The game already has this result and score');
    }
    return { kind: 'rescore' };
  }
  return { kind: 'correct', previous: g.result };
}

export function assertOddsAdjustable(g: Pick<GameRecord, 'status'>) {
  if (g.status === 'finished' || g.status === 'cancelled') {
    throw new GameClosedError(`Odds of a ${g.status} game cannot be changed`);
  }
}

/** The price the public sees: an admin adjustment wins over the model or provider. */
export const effectivePrice = (g: Pick<GameRecord, 'base' | 'adjusted'>): Prices => g.adjusted ?? g.base;

export function sameTeam(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
