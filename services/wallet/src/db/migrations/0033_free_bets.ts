import { type Kysely, type Migration, sql } from 'kysely';
import { INTERNAL_TX_TYPES, USER_TX_TYPES } from '../../domain/transactions';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Issue 33: free-bet tokens (decision wallet-008). A token is issued by a FreeBet claim and is
 * not money until it pays a stake (`free_bet_stake`: promotions → bets in play); a void bet's
 * stake goes back (`free_bet_return`) and the token is active again until its expiry.
 */
export const freeBets: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table transactions drop constraint transactions_type_check`.execute(db);
    await sql`alter table transactions add constraint transactions_type_check
      check (type in (${list([...USER_TX_TYPES, ...INTERNAL_TX_TYPES])}))`.execute(db);
    await sql`
      create table free_bets (
        id text primary key,
        claim_id text not null references bonus_claims (id),
        user_id text not null,
        promotion_id text not null,
        amount_cents bigint not null check (amount_cents > 0),
        min_odds_milli integer not null check (min_odds_milli >= 1000),
        expires_at timestamptz not null,
        status text not null default 'active' check (status in ('active', 'used')),
        bet_reference text,
        created_at timestamptz not null default now(),
        constraint free_bets_used_on_a_bet check ((status = 'used') = (bet_reference is not null))
      )`.execute(db);
    await sql`create index free_bets_user on free_bets (user_id, created_at)`.execute(db);
    await sql`create unique index free_bets_bet on free_bets (bet_reference) where bet_reference is not null`.execute(
      db,
    );
  },
};
