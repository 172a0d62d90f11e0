import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 33 (decision betting-009): betting's projection of the admin's odds boosts and
 * accumulator bonuses (promotion.created|updated|deleted, upserts guarded by event time; a
 * deletion leaves a tombstone so a late update does not bring it back), a leg's boost and the
 * price it would have had without it, and a multi's accumulator bonus (the tiers as placed,
 * so settlement re-tiers on the legs that won, the percent and the bonus in cents: potential
 * while pending, paid once settled).
 */
export const promotions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('rules', 'jsonb')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('version_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index promotions_on_offer on promotions (kind) where not deleted and is_active`.execute(
      db,
    );
    await db.schema
      .alterTable('selections')
      .addColumn('boost_id', 'text')
      .addColumn('base_odds', 'integer')
      .execute();
    await db.schema
      .alterTable('bets')
      .addColumn('acca_promotion_id', 'text')
      .addColumn('acca_tiers', 'jsonb')
      .addColumn('acca_bonus_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('acca_bonus_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
