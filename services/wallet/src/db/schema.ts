import type { ColumnType, Generated } from 'kysely';

/** bigint comes back from pg as a string; we write bigint or string. */
type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** a column with a default or a null the insert may leave out */
type Opt<T> = ColumnType<T, T | undefined, T>;
type Int8Opt = ColumnType<
  string | null,
  bigint | string | number | null | undefined,
  bigint | string | number | null
>;

export interface WalletDB {
  adjustment_requests: {
    id: string;
    user_id: string;
    amount_cents: Int8;
    description: string;
    requested_by: string;
    /** what the approval posts: an adjustment, or a closed wallet's payout (amount negative) */
    kind: Opt<'adjustment' | 'closed_payout'>;
    status: Opt<'pending' | 'approved'>;
    approved_by: string | null;
    transaction_id: string | null;
    created_at: Opt<Timestamp>;
    decided_at: Timestamp | null;
  };
  accounts: {
    id: string;
    kind: 'user' | 'bonus' | 'system';
    /** kept for user wallets only (CHECK ≥ 0); system balances are the sum of their postings */
    balance: Int8Opt;
    status: Opt<'open' | 'closed'>;
    created_at: Timestamp;
  };
  transactions: {
    seq: Generated<string>;
    id: string;
    idempotency_key: string;
    type: string;
    /** the wallet the transaction touches, when it touches one */
    user_id: string | null;
    reference: string;
    description: string;
    fingerprint: string;
    /** the admin who made it (adjustments, withdrawal decisions) */
    actor_id: Opt<string | null>;
    metadata: ColumnType<unknown, string | undefined, string>;
    created_at: Timestamp;
  };
  postings: {
    seq: Generated<string>;
    transaction_id: string;
    account_id: string;
    amount: Int8;
    /** the wallet's balance after this line (user wallets only) */
    balance_after: Int8Opt;
  };
  holds: {
    reference: string;
    user_id: string;
    amount: Int8;
    updated_at: Timestamp;
  };
  withdrawals: {
    id: string;
    user_id: string;
    amount: Int8;
    status: Opt<'pending' | 'approved' | 'rejected'>;
    admin_notes: Opt<string | null>;
    request_tx_id: string;
    process_tx_id: Opt<string | null>;
    processed_by: Opt<string | null>;
    processed_at: Opt<Date | null>;
    payout_status: Opt<'queued' | 'paid' | 'failed' | null>;
    payout_reference: Opt<string | null>;
    payout_error: Opt<string | null>;
    payout_attempts: ColumnType<number, number | undefined, number>;
    /** four-eyes: the first of two approvals (the withdrawal stays pending until the second) */
    first_approved_by: Opt<string | null>;
    first_approved_at: Opt<Date | null>;
    created_at: Timestamp;
  };
  deposits: {
    id: string;
    user_id: string;
    provider: string;
    reference: string;
    amount_kobo: Int8;
    amount_cents: Int8;
    ngn_per_usd: string;
    status: Opt<'pending' | 'completed' | 'failed' | 'cancelled' | 'held'>;
    provider_tx_id: Opt<string | null>;
    failure_reason: Opt<string | null>;
    transaction_id: Opt<string | null>;
    created_at: Timestamp;
    completed_at: Opt<Date | null>;
  };
  /** how far a bet's settlement has been applied: 0 its first result, n its n-th correction */
  bet_settlements: {
    bet_id: string;
    user_id: string;
    level: number;
    updated_at: Timestamp;
  };
  /** debits refused for good under their key (a stalled copy must not take the stake later) */
  debit_refusals: {
    idempotency_key: string;
    user_id: string;
    reason: 'insufficient_funds' | 'unknown_account';
    created_at: Timestamp;
  };
  /** the sandbox provider's own records (what a real provider keeps on its side) */
  sandbox_payments: {
    reference: string;
    provider_tx_id: string;
    amount_kobo: Int8;
    status: Opt<'pending' | 'paid' | 'cancelled'>;
    created_at: Timestamp;
    settled_at: Opt<Date | null>;
  };
  /** read model of identity's users: who a withdrawal belongs to on the admin screen */
  users: {
    id: string;
    username: string | null;
    email: string | null;
    deleted: ColumnType<boolean, boolean | undefined, boolean>;
    updated_at: Timestamp;
    /** a time-out or self-exclusion runs until then (no deposits) */
    excluded_until: Opt<Date | null>;
    /** domain/protection.ts DepositLimits as JSON */
    deposit_limits: ColumnType<unknown, string | null | undefined, string | null>;
    /** occurredAt of the user.updated these came from */
    protection_at: Opt<Date | null>;
  };
  /** a player's opt-in to a promotion (one per promotion); rules are the claim's snapshot */
  bonus_claims: {
    id: string;
    user_id: string;
    promotion_id: string;
    kind: 'deposit_match' | 'free_bet';
    rules: ColumnType<unknown, string, string>;
    status: Opt<'open' | 'used' | 'closed'>;
    offer_expires_at: Opt<Date | null>;
    created_at: Timestamp;
  };
  /** bonus money granted, with its wagering requirement (decision wallet-007) */
  bonus_grants: {
    id: string;
    claim_id: string;
    user_id: string;
    promotion_id: string;
    amount_cents: Int8;
    /** what of the grant is still bonus money (conversion and expiry move this much) */
    remaining_cents: Int8;
    required_cents: Int8;
    wagered_cents: ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
    min_odds_milli: number;
    expires_at: Timestamp;
    status: Opt<'active' | 'converted' | 'expired'>;
    grant_tx_id: string;
    closed_tx_id: Opt<string | null>;
    /** what earned it (a deposit's id): one grant per claim and source */
    source_reference: string;
    created_at: Timestamp;
    closed_at: Opt<Date | null>;
  };
  /** free-bet tokens (decision wallet-008): used = paying the stake of bet_reference */
  free_bets: {
    id: string;
    claim_id: string;
    user_id: string;
    promotion_id: string;
    amount_cents: Int8;
    min_odds_milli: number;
    /** eligible leagues and markets (empty: any; migration 0035) */
    leagues: Generated<string[]>;
    markets: Generated<string[]>;
    expires_at: Timestamp;
    status: Opt<'active' | 'used'>;
    bet_reference: Opt<string | null>;
    created_at: Timestamp;
  };
  /** settled stakes counted towards wagering, once each */
  bonus_wagers: {
    reference: string;
    user_id: string;
    stake_cents: Int8;
    odds_milli: number;
    created_at: Timestamp;
  };
}
