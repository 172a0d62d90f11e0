import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** a timestamp the database fills in by default */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface GamesTable {
  id: string;
  provider: string;
  provider_id: string | null;
  home_team: string;
  away_team: string;
  home_team_logo: string | null;
  away_team_logo: string | null;
  league: string | null;
  match_date: Timestamp;
  status: string;
  home_score: Generated<number>;
  away_score: Generated<number>;
  elapsed: number | null;
  result: string | null;
  /** the public price in hundredths: always the last one announced */
  odds_home: number;
  odds_draw: number;
  odds_away: number;
  /** model / provider / creation price */
  base_home: number;
  base_draw: number;
  base_away: number;
  /** admin adjustment (all three or none) */
  adj_home: number | null;
  adj_draw: number | null;
  adj_away: number | null;
  adjusted_by: string | null;
  adjusted_at: Timestamp | null;
  price_source: string;
  lambda_home: number | null;
  lambda_away: number | null;
  /** simulator state (SimRecord) of a simulated game */
  sim_state: ColumnType<unknown, string | null, string | null> | null;
  settled_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** last confirmation of the in-play price (simulator tick, admin odds); see liveSuspended */
  prices_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** an admin's suspended markets and pinned market prices (domain/market-control.ts MarketControl); null: none */
  market_control: ColumnType<unknown, string | null | undefined, string | null> | null;
  /** a provider feed's other markets and half-time score (domain/markets.ts FeedRecord); null: none */
  feed: ColumnType<unknown, string | null | undefined, string | null> | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface MatchEventsTable {
  game_id: string;
  seq: number;
  type: string;
  side: string;
  elapsed: number;
  extra: number | null;
  player: string;
  team: string;
  detail: string;
}

export interface RankingsTable {
  id: string;
  team_name: string;
  /** lower-cased, trimmed name: the uniqueness key */
  team_key: string;
  ranking: number;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AuditTable {
  id: string;
  at: DefaultTimestamp;
  actor_id: string;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<unknown, string | null, string | null> | null;
  after: ColumnType<unknown, string | null, string | null> | null;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

export interface MetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export interface GameInterestTable {
  game_id: string;
  /** when the first bet on this game was placed (only the row's existence is read) */
  first_bet_at: Timestamp;
}

export interface GamesDB {
  games: GamesTable;
  match_events: MatchEventsTable;
  rankings: RankingsTable;
  audit_log: AuditTable;
  leases: LeasesTable;
  meta: MetaTable;
  game_interest: GameInterestTable;
}
