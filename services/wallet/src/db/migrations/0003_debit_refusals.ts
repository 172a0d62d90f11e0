import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A refused debit is final under its idempotency key: a copy of the same request that was
 * stalled (a slow replica, a redelivered command) must not take the stake later, after the
 * caller already told its user no.
 */
export const debitRefusals: Migration = {
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
