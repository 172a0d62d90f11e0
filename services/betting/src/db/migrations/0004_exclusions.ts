import type { Kysely, Migration } from 'kysely';

/** A player's time-out or self-exclusion, from user.updated: no stake is taken until it ends. */
export const exclusions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('excluded_until', 'timestamptz').execute();
  },
};
