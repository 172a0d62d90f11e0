import { type Kysely, type Migration, sql } from 'kysely';

/**
 * How far each bet's settlement has been applied: 0 the first result, n its n-th correction.
 * A correction moves money relative to the state before it, so it waits for its predecessor
 * (events of one bet may arrive in any order: two replicas, a redelivery).
 */
export const settlementOrder: Migration = {
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
