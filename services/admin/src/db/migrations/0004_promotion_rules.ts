import { type Kysely, type Migration, sql } from 'kysely';

/** Issue 33: what a promotion pays (optional; the spec's fields are unchanged). */
export const promotionRules: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table promotions add column rules jsonb`.execute(db);
  },
};
