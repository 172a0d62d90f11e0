import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Stakes placed outside the sportsbook (Aviator) that count toward the same weekly
 * responsible-gambling usage as sportsbook bets: one row per outside bet, by its id.
 */
export const outsideStakes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('outside_stakes')
      .addColumn('reference', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('stake_cents', 'bigint', (c) => c.notNull().check(sql`stake_cents > 0`))
      .addColumn('released', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('outside_stakes_user_week')
      .on('outside_stakes')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
