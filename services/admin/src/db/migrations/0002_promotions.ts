import { type Kysely, type Migration, sql } from 'kysely';

export const promotions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('promo_type', 'text', (c) =>
        c.notNull().check(sql`promo_type in ('Bonus', 'FreeBet', 'OddsBoost')`),
      )
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
