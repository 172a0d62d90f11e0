import { type Kysely, type Migration, sql } from 'kysely';
import { INTERNAL_TX_TYPES, USER_TX_TYPES } from '../../domain/transactions';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Issue 33: bonus money (decision wallet-007). A player's bonus account is a second kept-balance
 * account (kind `bonus`, the same never-negative CHECK); `promotions` is the system account
 * grants come from. A claim is the player's opt-in to a promotion (one per promotion); a grant
 * is bonus money with its wagering requirement; a wager records each settled stake counted
 * once. (Numbered after 0031, another branch's.)
 */
export const bonusLedger: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table accounts drop constraint accounts_kind_check`.execute(db);
    await sql`alter table accounts add constraint accounts_kind_check check (kind in ('user', 'bonus', 'system'))`.execute(
      db,
    );
    await sql`alter table accounts drop constraint accounts_balance_kept_for_users`.execute(db);
    await sql`alter table accounts add constraint accounts_balance_kept_for_users
      check ((kind in ('user', 'bonus')) = (balance is not null))`.execute(db);
    await sql`insert into accounts (id, kind) values ('promotions', 'system') on conflict (id) do nothing`.execute(
      db,
    );
    // the catalogue's new statement types (a fresh ledger already has them from 0001's list)
    await sql`alter table transactions drop constraint transactions_type_check`.execute(db);
    await sql`alter table transactions add constraint transactions_type_check
      check (type in (${list([...USER_TX_TYPES, ...INTERNAL_TX_TYPES])}))`.execute(db);

    await sql`
      create table bonus_claims (
        id text primary key,
        user_id text not null,
        promotion_id text not null,
        kind text not null check (kind in ('deposit_match', 'free_bet')),
        rules jsonb not null,
        status text not null default 'open' check (status in ('open', 'used', 'closed')),
        offer_expires_at timestamptz,
        created_at timestamptz not null default now(),
        constraint bonus_claims_once unique (user_id, promotion_id)
      )`.execute(db);
    await sql`
      create table bonus_grants (
        id text primary key,
        claim_id text not null references bonus_claims (id),
        user_id text not null,
        promotion_id text not null,
        amount_cents bigint not null check (amount_cents > 0),
        remaining_cents bigint not null check (remaining_cents >= 0),
        required_cents bigint not null check (required_cents >= 0),
        wagered_cents bigint not null default 0 check (wagered_cents >= 0),
        min_odds_milli integer not null,
        expires_at timestamptz not null,
        status text not null default 'active' check (status in ('active', 'converted', 'expired')),
        grant_tx_id text not null references transactions (id),
        closed_tx_id text references transactions (id),
        source_reference text not null,
        created_at timestamptz not null default now(),
        closed_at timestamptz,
        constraint bonus_grants_source unique (claim_id, source_reference)
      )`.execute(db);
    await sql`create index bonus_grants_user on bonus_grants (user_id, created_at) where status = 'active'`.execute(
      db,
    );
    await sql`create index bonus_grants_expiry on bonus_grants (expires_at) where status = 'active'`.execute(
      db,
    );
    await sql`
      create table bonus_wagers (
        reference text not null,
        user_id text not null,
        stake_cents bigint not null,
        odds_milli integer not null,
        created_at timestamptz not null default now(),
        primary key (reference, user_id)
      )`.execute(db);
  },
};
