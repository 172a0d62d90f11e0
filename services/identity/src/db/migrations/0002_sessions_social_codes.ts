import type { Kysely, Migration } from 'kysely';

/**
 * Sessions that outlive rotation: a refresh token may be used many times (last use kept for
 * the idle lifetime); the social sign-in return carries a one-time code, not the tokens.
 */
export const sessionsSocialCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('refresh_tokens').addColumn('last_used_at', 'timestamptz').execute();
    await db.schema
      .createTable('social_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('state_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
  },
};
