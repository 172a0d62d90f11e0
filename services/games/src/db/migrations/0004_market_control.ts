import type { Kysely, Migration } from 'kysely';

/**
 * An admin's suspended markets and pinned market prices (issue 32 item 7), and what a
 * provider's feed says beyond 1X2: other markets' books and the half-time score (item 6).
 */
export const marketControl: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('games').addColumn('market_control', 'jsonb').execute();
    await db.schema.alterTable('games').addColumn('feed', 'jsonb').execute();
  },
};
