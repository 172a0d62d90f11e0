import type { GameStatus } from './game';
import type { Phase, Prices } from './odds';

/**
 * What the catalogue learns from a sports-data source, in our own terms: the providers'
 * adapters map their answers into these, and the pure merge rules read only these.
 */
export type SourceName = 'apifootball' | 'allsportsapi';

export interface ProviderEvent {
  type: 'Goal' | 'Card' | 'subst';
  side: 'home' | 'away';
  elapsed: number;
  extra: number | null;
  player: string;
  detail: string;
}

/** A provider's fixture mapped into our model. */
export interface ProviderFixture {
  providerId: string;
  leagueId: string | null;
  league: string | null;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  matchDate: Date;
  status: GameStatus;
  /** where a live match stands, for in-play pricing */
  phase: Phase | null;
  elapsed: number | null;
  /** the score after regulation time (what 1X2 bets settle on), or the running score */
  score: { home: number; away: number } | null;
  /** null when this answer carried no events */
  events: ProviderEvent[] | null;
  /** the half-time score, once the provider has one (half-time markets settle on it) */
  htScore?: { home: number; away: number } | null;
}

export interface ProviderPrice {
  providerId: string;
  odds: Prices;
  live: boolean;
  /** the feed's other markets, by our market key then outcome, in hundredths (issue 32 item 6) */
  markets?: Record<string, Record<string, number>>;
}
