import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** bigint columns read back as strings (exact) */
type BigIntCol = ColumnType<string, bigint | number | string, bigint | number | string>;

/** The calendar as games.* events describe it (odds in integer hundredths). */
export interface GamesTable {
  id: string;
  home_team: string;
  away_team: string;
  home_logo: string | null;
  away_logo: string | null;
  league: string | null;
  match_date: Timestamp;
  status: 'upcoming' | 'live' | 'finished' | 'cancelled';
  scores_home: number;
  scores_away: number;
  elapsed: number | null;
  odds_home: number;
  odds_draw: number;
  odds_away: number;
  odds_version: number;
  /** when the current price was announced: an older price event never overwrites a newer one */
  odds_at: Timestamp;
  result: 'A' | 'Draw' | 'B' | null;
  /** when the last whole-game snapshot was published: events of different subjects arrive in any order */
  updated_at: Timestamp;
}

/** Players' bets as bets.* events describe them: the record behind feedback, limits and exposure. */
export interface BetsTable {
  id: string;
  user_id: string;
  bet_type: 'single' | 'multi';
  stake_cents: BigIntCol;
  total_odds_hundredths: number;
  potential_payout_cents: BigIntCol;
  placed_at: Timestamp;
}

/** How a bet ended (bets.settled, bets.voided, bets.cashed_out); no row = still pending. */
export interface BetClosuresTable {
  bet_id: string;
  status: 'won' | 'lost' | 'void' | 'cashed_out';
  payout_cents: BigIntCol;
  closed_at: Timestamp;
}

export interface BetSelectionsTable {
  bet_id: string;
  game_id: string;
  /** the catalogue's market key (games-005); '1x2' for the spec's legs */
  market: ColumnType<string, string | undefined, string>;
  /** the outcome code of that market (A / Draw / B for 1X2, over, yes, 2-1…) */
  outcome: string;
  odds_hundredths: number;
}

/** Headlines from the configured feeds, refreshed in the background. */
export interface NewsTable {
  link: string;
  title: string;
  snippet: string;
  source: string;
  published_at: Timestamp;
  fetched_at: Timestamp;
}

export interface AiDB {
  games: GamesTable;
  bets: BetsTable;
  bet_closures: BetClosuresTable;
  bet_selections: BetSelectionsTable;
  news: NewsTable;
}
