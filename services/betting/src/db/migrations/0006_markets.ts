import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Markets beyond 1X2 (games-005): a leg names its market ('1x2' for every leg placed before),
 * its outcome is any code of the catalogue, and a leg may push (stake back: Draw No Bet on a
 * draw). The games read model keeps every market's price and the half-time score.
 */
export const markets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('selections')
      .addColumn('market', 'text', (c) => c.notNull().defaultTo('1x2'))
      .execute();
    await sql`alter table selections drop constraint if exists selections_outcome_check`.execute(db);
    await sql`alter table selections drop constraint if exists selections_result_check`.execute(db);
    await sql`alter table selections add constraint selections_result_check
      check (result in ('won', 'lost', 'void', 'push'))`.execute(db);
    await sql`alter table selections add constraint selections_outcome_check
      check (length(outcome) between 1 and 12)`.execute(db);
    await db.schema
      .alterTable('games')
      .addColumn('market_odds', 'jsonb')
      .addColumn('ht_home', 'integer')
      .addColumn('ht_away', 'integer')
      .execute();
  },
};
