import type { Kysely, Migration } from 'kysely';

/** Short codes a player can type into a slip, each naming one shared slip. */
export const bookingCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('booking_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('share_id', 'text', (c) => c.notNull().unique().references('shares.id').onDelete('cascade'))
      .execute();
  },
};
