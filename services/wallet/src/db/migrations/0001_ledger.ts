import { type Kysely, type Migration, sql } from 'kysely';
import { SYSTEM_ACCOUNTS } from '../../domain/accounts';
import { INTERNAL_TX_TYPES, USER_TX_TYPES } from '../../domain/transactions';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The double-entry ledger, withdrawals, deposits, the sandbox's records and the users read model. */
export const ledger: Migration = {
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
