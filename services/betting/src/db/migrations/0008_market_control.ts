import type { Kysely, Migration } from 'kysely';

/**
 * Issue 32 item 7: the games read model keeps the markets an admin suspended, as games
 * announces them with every price, so a bet on one is refused with a clear msg.
 */
export const marketControl: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('games').addColumn('suspended_markets', 'jsonb').execute();
  },
};
