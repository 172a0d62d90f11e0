import type { Kysely, Migration } from 'kysely';

/** when a live game's in-play price was last confirmed (see liveSuspended) */
export const livePrices: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('games').addColumn('prices_at', 'timestamptz').execute();
  },
};
