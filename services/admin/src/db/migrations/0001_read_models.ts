import { type Kysely, type Migration, sql } from 'kysely';

/** What the admin service keeps from the events of identity, wallet, betting and games. */
export const readModels: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('state', 'text')
      .addColumn('profile_picture', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_seen', 'timestamptz')
      .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('balance_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('wallet_transactions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('balance_after_cents', 'bigint', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // the user-details view: one user's lines by type and date, newest first
    await sql`create index wallet_transactions_user on wallet_transactions (user_id, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index wallet_transactions_user_type on wallet_transactions (user_id, type, created_at desc)`.execute(
      db,
    );

    await db.schema
      .createTable('daily_totals')
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('daily_totals_pk', ['day', 'type'])
      .execute();
    await db.schema
      .createTable('daily_active_users')
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_active_users_pk', ['day', 'user_id'])
      .execute();

    await db.schema
      .createTable('bets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('bet_type', 'text', (c) => c.notNull())
      .addColumn('stake_cents', 'bigint', (c) => c.notNull())
      .addColumn('potential_payout_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_odds_hundredths', 'integer', (c) => c.notNull())
      .addColumn('selections', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cashed_out', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('payout_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('settled_at', 'timestamptz')
      .execute();
    await sql`create index bets_user on bets (user_id, placed_at desc, id desc)`.execute(db);

    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('home_team', 'text', (c) => c.notNull())
      .addColumn('away_team', 'text', (c) => c.notNull())
      .addColumn('league', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('match_date', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index games_status on games (status)`.execute(db);
  },
};
