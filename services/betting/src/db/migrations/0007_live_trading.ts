import type { Kysely, Migration } from 'kysely';

/**
 * Live trading (betting-008): the games read model keeps the suspension games announces with
 * its prices (a goal, a red card, a penalty), so a suspended market is refused here too.
 */
export const liveTrading: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('games').addColumn('suspended_until', 'timestamptz').execute();
  },
};
