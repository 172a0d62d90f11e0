import { type Kysely, type Migration, sql } from 'kysely';
import { SYSTEM_ACCOUNTS } from '../domain/accounts';
import { INTERNAL_TX_TYPES, USER_TX_TYPES } from '../domain/transactions';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const ledger: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table accounts (
        id text primary key,
        kind text not null check (kind in ('user', 'system')),
        balance bigint,
        status text not null default 'open' check (status in ('open', 'closed')),
        created_at timestamptz not null default now(),
        constraint accounts_balance_kept_for_users check ((kind = 'user') = (balance is not null)),
        -- the rule money depends on: a wallet never goes below zero, whoever writes
        constraint accounts_user_balance_non_negative check (balance >= 0)
      )`.execute(db);
    await sql`insert into accounts (id, kind) values ${sql.join(SYSTEM_ACCOUNTS.map((a) => sql`(${a}, 'system')`))}`.execute(
      db,
    );

    await sql`
      create table transactions (
        seq bigserial unique,
        id text primary key,
        idempotency_key text not null,
        type text not null check (type in (${list([...USER_TX_TYPES, ...INTERNAL_TX_TYPES])})),
        user_id text,
        reference text not null,
        description text not null,
        fingerprint text not null,
        actor_id text,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now(),
        constraint transactions_idempotency_key unique (idempotency_key)
      )`.execute(db);
    await sql`create index transactions_user_time on transactions (user_id, created_at desc, seq desc) where user_id is not null`.execute(
      db,
    );
    await sql`create index transactions_reference on transactions (reference)`.execute(db);

    await sql`
      create table postings (
        seq bigserial primary key,
        transaction_id text not null references transactions (id),
        account_id text not null references accounts (id),
        amount bigint not null check (amount <> 0),
        balance_after bigint
      )`.execute(db);
    await sql`create index postings_account on postings (account_id, seq)`.execute(db);
    await sql`create index postings_transaction on postings (transaction_id)`.execute(db);

    await sql`
      create table holds (
        reference text not null,
        user_id text not null,
        amount bigint not null check (amount >= 0),
        updated_at timestamptz not null default now(),
        primary key (reference, user_id)
      )`.execute(db);

    await sql`
      create table withdrawals (
        id text primary key,
        user_id text not null references accounts (id),
        amount bigint not null check (amount > 0),
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
        admin_notes text,
        request_tx_id text not null unique references transactions (id),
        process_tx_id text unique references transactions (id),
        processed_by text,
        processed_at timestamptz,
        payout_status text check (payout_status in ('queued', 'paid', 'failed')),
        payout_reference text,
        payout_error text,
        payout_attempts integer not null default 0,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index withdrawals_status_time on withdrawals (status, created_at)`.execute(db);
    await sql`create index withdrawals_payout on withdrawals (payout_status) where payout_status in ('queued', 'failed')`.execute(
      db,
    );

    await sql`
      create table deposits (
        id text primary key,
        user_id text not null,
        provider text not null,
        reference text not null unique,
        amount_kobo bigint not null check (amount_kobo > 0),
        amount_cents bigint not null check (amount_cents > 0),
        ngn_per_usd numeric not null,
        status text not null default 'pending' check (status in ('pending', 'completed', 'failed', 'cancelled')),
        provider_tx_id text,
        failure_reason text,
        transaction_id text unique references transactions (id),
        created_at timestamptz not null default now(),
        completed_at timestamptz
      )`.execute(db);
    await sql`create index deposits_user on deposits (user_id, created_at desc)`.execute(db);

    await sql`
      create table sandbox_payments (
        reference text primary key,
        provider_tx_id text not null unique,
        amount_kobo bigint not null,
        status text not null default 'pending' check (status in ('pending', 'paid', 'cancelled')),
        created_at timestamptz not null default now(),
        settled_at timestamptz
      )`.execute(db);

    await sql`
      create table users (
        id text primary key,
        username text,
        email text,
        deleted boolean not null default false,
        updated_at timestamptz not null default now()
      )`.execute(db);
  },
};

/**
 * How far each bet's settlement has been applied: 0 the first result, n its n-th correction.
 * A correction moves money relative to the state before it, so it waits for its predecessor
 * (events of one bet may arrive in any order: two replicas, a redelivery).
 */
const settlementOrder: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table bet_settlements (
        bet_id text primary key,
        user_id text not null,
        level integer not null check (level >= 0),
        updated_at timestamptz not null default now()
      )`.execute(db);
    // what the ledger already shows: first results and corrections applied before this table
    await sql`
      insert into bet_settlements (bet_id, user_id, level)
      select reference, max(coalesce(user_id, metadata->>'userId')),
        max(case when idempotency_key like 'settle:%'
          then split_part(idempotency_key, ':', 3)::int else 0 end)
      from transactions
      where idempotency_key like 'win:%' or idempotency_key like 'lost:%' or idempotency_key like 'settle:%'
      group by reference`.execute(db);
  },
};

/**
 * A refused debit is final under its idempotency key: a copy of the same request that was
 * stalled (a slow replica, a redelivered command) must not take the stake later, after the
 * caller already told its user no.
 */
const debitRefusals: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table debit_refusals (
        idempotency_key text primary key,
        user_id text not null,
        reason text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
  },
};

/**
 * Four-eyes: an adjustment above the threshold waits here until a second admin approves it.
 * (Numbered apart from the others so parallel work on migrations cannot collide with it.)
 */
const adjustmentRequests: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table adjustment_requests (
        id text primary key,
        user_id text not null,
        amount_cents bigint not null check (amount_cents <> 0),
        description text not null,
        requested_by text not null,
        status text not null default 'pending' check (status in ('pending', 'approved')),
        approved_by text,
        transaction_id text,
        created_at timestamptz not null default now(),
        decided_at timestamptz,
        check (approved_by is null or approved_by <> requested_by)
      )`.execute(db);
    await sql`create index adjustment_requests_pending on adjustment_requests (created_at) where status = 'pending'`.execute(
      db,
    );
  },
};

/**
 * A payment that completes after its wallet was closed is not credited: it is held (the
 * provider has the money) until an admin refunds it through the provider.
 */
const heldDeposits: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table deposits drop constraint if exists deposits_status_check`.execute(db);
    await sql`alter table deposits add constraint deposits_status_check
      check (status in ('pending', 'completed', 'failed', 'cancelled', 'held'))`.execute(db);
  },
};

/**
 * Player protection from identity's user.updated: a running time-out or self-exclusion and
 * the deposit limits (cents, with any pending loosening), stamped with the event's time so
 * an older event never overwrites a newer one. (Numbered apart, like 0009.)
 */
const playerProtection: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table users
      add column excluded_until timestamptz,
      add column deposit_limits jsonb,
      add column protection_at timestamptz`.execute(db);
  },
};

/** Explicit, ordered index of the wallet's migrations. */
export const migrations: Record<string, Migration> = {
  '0001_ledger': ledger,
  '0002_settlement_order': settlementOrder,
  '0003_debit_refusals': debitRefusals,
  '0004_held_deposits': heldDeposits,
  '0009_adjustment_requests': adjustmentRequests,
  '0020_player_protection': playerProtection,
};
