import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Sign-in with a phone number (issue 34 item 4): the account's number in E.164, unique when
 * set, and the development SMS outbox (texts kept instead of sent while no SMS provider is
 * configured, shown at GET /api/v1/dev/sms).
 */
export const phoneSignIn: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('phone', 'text').execute();
    await db.schema
      .alterTable('users')
      .addCheckConstraint('users_phone_e164', sql`phone ~ '^\\+[1-9][0-9]{7,14}$'`)
      .execute();
    await sql`create unique index users_phone_key on users (phone) where phone is not null`.execute(db);
    await db.schema
      .createTable('sms_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_number', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('sms_outbox_to')
      .on('sms_outbox')
      .columns(['to_number', 'created_at'])
      .execute();
  },
};
