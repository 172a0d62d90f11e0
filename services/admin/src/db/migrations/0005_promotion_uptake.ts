import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 33 (decision betting-009): each promotion's uptake and cost on the Promotions screen.
 * The bets read model keeps the odds boost or accumulator bonus a bet used (bets.placed
 * `promotionId`) and what it cost in its latest result (bets.settled `promotionCostCents`);
 * the audit log's bonus lines are looked up by their promotion.
 */
export const promotionUptake: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('bets')
      .addColumn('promotion_id', 'text')
      .addColumn('promotion_cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`create index bets_promotion on bets (promotion_id) where promotion_id is not null`.execute(db);
    await sql`create index audit_log_promotion on audit_log ((after->>'promotionId'), action)
      where action in ('bonus.grant', 'bonus.forfeit')`.execute(db);
  },
};
