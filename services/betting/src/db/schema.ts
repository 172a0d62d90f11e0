import type { IdempotencyTables } from '@bet/kit';
import type { ColumnType, Generated } from 'kysely';

/** bigint columns: read back as strings (exact), written as bigint, number or string */
type BigIntCol = ColumnType<string, bigint | number | string, bigint | number | string>;
/** a bigint column with a default: optional on insert */
type BigIntDefault = ColumnType<string, bigint | number | string | undefined, bigint | number | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type BetStatus =
  | 'pending_payment'
  | 'pending'
  | 'won'
  | 'lost'
  | 'cancelled'
  | 'cashed_out'
  | 'rejected';
export type PlacementState = 'pending_payment' | 'accepted' | 'rejected';

/** One stake debit: a multi bet, a single, or a set of singles placed together. */
export interface PlacementsTable {
  id: string;
  user_id: string;
  debit_key: string;
  amount_cents: BigIntCol;
  description: string;
  state: PlacementState;
  reject_reason: string | null;
  /** a debit that landed after the placement was rejected must be given back */
  refund_state: 'due' | 'done' | null;
  /** the free-bet token that pays the stake (issue 33), null for the player's own money */
  free_bet_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BetsTable {
  id: string;
  placement_id: string;
  user_id: string;
  bet_type: 'single' | 'multi';
  stake_cents: BigIntCol;
  /** product of the legs' odds in hundredths, rounded down (display and sorting) */
  total_odds: number;
  potential_payout_cents: BigIntCol;
  status: BetStatus;
  /** won: the winnings; cancelled: the refund; cashed_out: the cash-out amount; else 0 */
  payout_cents: BigIntDefault;
  /** what bets.settled events have told the wallet to pay so far (corrections adjust from it) */
  paid_cents: BigIntDefault;
  /** bets.settled events published for this bet; the next one carries correction = this */
  settlements: Generated<number>;
  /** the free-bet token that paid the stake (issue 33), and how much of it (the whole stake) */
  free_bet_id: string | null;
  free_bet_cents: BigIntDefault;
  /** issue 33 (betting-009): the accumulator bonus promotion of a multi, its tiers as placed ({legs, bp}) */
  acca_promotion_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** a free bet's token's promotion (migration 0012, decision betting-010) */
  free_bet_promotion_id: ColumnType<string | null, string | null | undefined, string | null>;
  acca_tiers: ColumnType<
    Array<{ legs: number; bp: number }> | null,
    string | null | undefined,
    string | null
  >;
  /** the bonus percent in basis points (placement's tier; re-tiered at settlement), 0: none */
  acca_bonus_bp: ColumnType<number, number | undefined, number>;
  /** the bonus on net winnings: potential while pending, paid (part of payout_cents) once won */
  acca_bonus_cents: BigIntDefault;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

/** The settler's work list: a leg result changed, the settler must look at this bet again. */
export interface SettlementFlagsTable {
  bet_id: string;
}

export interface SelectionsTable {
  bet_id: string;
  idx: number;
  game_id: string;
  /** market key of the catalogue (games-005); '1x2' for the spec's picks */
  market: Generated<string>;
  /** A / Draw / B on 1X2, else the market's outcome code */
  outcome: string;
  odds: number;
  result: 'won' | 'lost' | 'void' | 'push' | null;
  /** issue 33: the odds boost (promotion id) that priced this leg, and the model price it replaced */
  boost_id: ColumnType<string | null, string | null | undefined, string | null>;
  base_odds: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Betting's projection of the admin's odds boosts and accumulator bonuses (issue 33, betting-009). */
export interface PromotionsTable {
  id: string;
  kind: 'odds_boost' | 'acca_bonus';
  /** the rules in betting's units (see store/promotions.ts) */
  rules: ColumnType<unknown, string | null, string | null>;
  is_active: boolean;
  expires_at: Timestamp | null;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  version_at: Timestamp;
}

/** Read model of games, fed by games.* events. */
export interface GamesTable {
  id: string;
  home_team: string;
  away_team: string;
  home_logo: string | null;
  away_logo: string | null;
  league: string | null;
  match_date: Timestamp | null;
  status: 'upcoming' | 'live' | 'finished' | 'cancelled';
  scores_home: number;
  scores_away: number;
  elapsed: number | null;
  odds_home: number;
  odds_draw: number;
  odds_away: number;
  /** the current prices are in-play prices */
  odds_live: boolean;
  odds_at: Timestamp;
  /** occurredAt of the newest snapshot applied (created/updated) */
  snapshot_at: Timestamp;
  /** every other market's price in hundredths as games last announced it (null: only 1X2 offered) */
  market_odds: ColumnType<
    Record<string, Record<string, number | null>> | null,
    string | null | undefined,
    string | null
  >;
  /** the half-time score, when the result carried one */
  ht_home: ColumnType<number | null, number | null | undefined, number | null>;
  ht_away: ColumnType<number | null, number | null | undefined, number | null>;
  /** the authoritative result, from games.settled / games.result_corrected only */
  settled_result: 'A' | 'Draw' | 'B' | null;
  /** every market of the game is suspended until then, as games announced with its prices (betting-008) */
  suspended_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** market keys an admin suspended, as games announced them with its prices (null: none) */
  suspended_markets: ColumnType<string[] | null, string | null | undefined, string | null>;
  result_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

/** Read model of users, fed by user.* events (and the token's username as a fallback). */
export interface UsersTable {
  id: string;
  username: string;
  bet_count_limit: number;
  bet_count_pending: number | null;
  bet_count_pending_at: Timestamp | null;
  stake_limit_cents: BigIntCol;
  stake_pending_cents: BigIntCol | null;
  stake_pending_at: Timestamp | null;
  /** a time-out or self-exclusion runs until then */
  excluded_until: Timestamp | null;
  deleted: Generated<boolean>;
  version_at: Timestamp;
}

export interface SharesTable {
  id: string;
  bet_type: 'single' | 'multi';
  selections: ColumnType<Array<{ gameId: string; market?: string; outcome: string }>, string, string>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface BookingCodesTable {
  code: string;
  share_id: string;
}

/** A stake placed outside the sportsbook (an Aviator bet) counted into the weekly usage. */
export interface OutsideStakesTable {
  reference: string;
  user_id: string;
  source: string;
  stake_cents: BigIntCol;
  released: Generated<boolean>;
  created_at: Timestamp;
}

export interface BettingDB extends IdempotencyTables {
  placements: PlacementsTable;
  bets: BetsTable;
  selections: SelectionsTable;
  settlement_flags: SettlementFlagsTable;
  games: GamesTable;
  users: UsersTable;
  shares: SharesTable;
  booking_codes: BookingCodesTable;
  outside_stakes: OutsideStakesTable;
  promotions: PromotionsTable;
}
