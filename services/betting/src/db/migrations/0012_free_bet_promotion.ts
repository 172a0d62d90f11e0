import type { Kysely, Migration } from 'kysely';

/**
 * Issue 33 (decision betting-010): a free bet keeps the promotion its token came from (the
 * wallet's answer to wallet.free_bet_terms), so bets.settled names it with what it cost and the
 * admin counts each FreeBet promotion's cost.
 */
export const freeBetPromotion: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('bets').addColumn('free_bet_promotion_id', 'text').execute();
  },
};
