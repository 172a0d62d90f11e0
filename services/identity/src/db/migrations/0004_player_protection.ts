import { type Kysely, type Migration, sql } from 'kysely';

/** Player protection: time-out and self-exclusion, deposit limits, reality check. */
export const playerProtection: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('protection', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
  },
};
