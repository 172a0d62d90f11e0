import { type Kysely, type Migration, sql } from 'kysely';

/** Accounts, sessions, password resets, social identities, avatars and the development mail outbox. */
export const identity: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`))
      .addColumn('password_hash', 'text')
      .addColumn('profile_picture', 'text')
      .addColumn('bet_count_limit', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`bet_count_limit >= 0`),
      )
      .addColumn('stake_limit_cents', 'bigint', (c) =>
        c.notNull().defaultTo(0).check(sql`stake_limit_cents >= 0`),
      )
      .addColumn('pending_bet_count_limit', 'integer', (c) => c.check(sql`pending_bet_count_limit >= 0`))
      .addColumn('pending_bet_count_at', 'timestamptz')
      .addColumn('pending_stake_limit_cents', 'bigint', (c) => c.check(sql`pending_stake_limit_cents >= 0`))
      .addColumn('pending_stake_at', 'timestamptz')
      .addColumn('is_online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_seen', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .addColumn('closed_by', 'text')
      .addCheckConstraint('users_email_lowercase', sql`email = lower(email)`)
      .addCheckConstraint(
        'users_pending_count_pair',
        sql`(pending_bet_count_limit is null) = (pending_bet_count_at is null)`,
      )
      .addCheckConstraint(
        'users_pending_stake_pair',
        sql`(pending_stake_limit_cents is null) = (pending_stake_at is null)`,
      )
      .execute();
    // uniqueness is case-insensitive for usernames; emails are stored lowercase
    await sql`create unique index users_username_key on users (lower(username))`.execute(db);
    await sql`create unique index users_email_key on users (email)`.execute(db);
    await sql`create index users_admin_list on users (role, created_at desc) where closed_at is null`.execute(
      db,
    );
    // the limit sweep looks for due pending changes; few rows ever have one
    await sql`create index users_pending_count on users (pending_bet_count_at) where pending_bet_count_at is not null`.execute(
      db,
    );
    await sql`create index users_pending_stake on users (pending_stake_at) where pending_stake_at is not null`.execute(
      db,
    );

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('access_jti', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
    await db.schema
      .createIndex('refresh_tokens_access_jti')
      .on('refresh_tokens')
      .column('access_jti')
      .execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

    await db.schema
      .createTable('social_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('email', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
      .execute();
    await db.schema.createIndex('social_identities_user').on('social_identities').column('user_id').execute();

    await db.schema
      .createTable('avatars')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bytea', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('avatars_user').on('avatars').column('user_id').execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
