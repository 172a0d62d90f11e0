import type { Kysely, Migration } from 'kysely';

/**
 * Issue 33 (decision wallet-008): a free-bet token may pay a placement's stake. The placement
 * keeps the token's id (the reconciler re-sends the same debit), the bet its id and the part
 * of its stake the token paid (settlement pays stake × odds − that; the events say it).
 */
export const freeBets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('placements').addColumn('free_bet_id', 'text').execute();
    await db.schema
      .alterTable('bets')
      .addColumn('free_bet_id', 'text')
      .addColumn('free_bet_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
