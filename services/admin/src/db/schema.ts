import type { ColumnType, Generated } from 'kysely';

/** bigint comes back from pg as a string; we write bigint, string or number. */
type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Opt<T> = ColumnType<T, T | undefined, T>;
type Json = ColumnType<unknown, string | null, string | null>;
type Int8Opt = ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
type When = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * The admin service's read models (fed by other services' events; never their tables) and
 * its own promotions.
 */
export interface AdminDB {
  users: {
    id: string;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    role: string;
    state: Opt<string | null>;
    profile_picture: Opt<string | null>;
    created_at: Timestamp;
    deleted: Opt<boolean>;
    is_online: Opt<boolean>;
    last_seen: When;
    /** the latest balance a wallet.transaction_posted announced, and when */
    balance_cents: Int8Opt;
    balance_at: When;
  };
  wallet_transactions: {
    id: string;
    user_id: string;
    type: string;
    amount_cents: Int8;
    balance_after_cents: Int8;
    reference: string;
    description: string;
    created_at: Timestamp;
  };
  /** running totals per day and ledger transaction type: the dashboard's figures without scans */
  daily_totals: {
    day: string;
    type: string;
    amount_cents: Int8;
    count: Int8;
  };
  /** a user who staked (sports or Aviator) on a day */
  daily_active_users: { day: string; user_id: string };
  bets: {
    id: string;
    user_id: string;
    bet_type: string;
    stake_cents: Int8;
    potential_payout_cents: Int8;
    total_odds_hundredths: number;
    selections: Json;
    /** pending, won, lost, cancelled (a cash-out is won with cashed_out) */
    status: string;
    cashed_out: Opt<boolean>;
    payout_cents: Int8Opt;
    placed_at: Timestamp;
    settled_at: When;
    /** issue 33: the odds boost or accumulator bonus the bet used, and its cost in the latest result */
    promotion_id: Opt<string | null>;
    promotion_cost_cents: Int8Opt;
  };
  games: {
    id: string;
    home_team: string;
    away_team: string;
    league: Opt<string | null>;
    status: string;
    match_date: Timestamp;
  };
  promotions: {
    id: string;
    title: string;
    description: string;
    promo_type: string;
    is_active: boolean;
    expires_at: Date | null;
    /** what it pays (issue 33), the PromotionRules JSON; null for a card only */
    rules: ColumnType<unknown, string | null | undefined, string | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  audit_log: {
    seq: Generated<string>;
    /** the event (or request) that recorded it: a redelivery writes nothing twice */
    id: string;
    at: Timestamp;
    actor_id: string | null;
    actor_name: string | null;
    service: string;
    action: string;
    entity: string;
    entity_id: string;
    before: Json;
    after: Json;
  };
}
