import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Player protection from identity's user.updated: a running time-out or self-exclusion and
 * the deposit limits (cents, with any pending loosening), stamped with the event's time so
 * an older event never overwrites a newer one. (Numbered apart, like 0009.)
 */
export const playerProtection: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table users
      add column excluded_until timestamptz,
      add column deposit_limits jsonb,
      add column protection_at timestamptz`.execute(db);
  },
};
