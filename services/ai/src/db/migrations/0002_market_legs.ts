import type { Kysely, Migration } from 'kysely';

/**
 * A bet's legs name their market (issue 32, games-005): feedback and exposure read every leg,
 * not only 1X2. The legs recorded before were all 1X2 (the others were not kept), hence the default.
 */
export const marketLegs: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('bet_selections')
      .addColumn('market', 'text', (c) => c.notNull().defaultTo('1x2'))
      .execute();
  },
};
