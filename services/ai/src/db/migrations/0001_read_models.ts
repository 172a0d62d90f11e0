import { type Kysely, type Migration, sql } from 'kysely';

export const readModels: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('home_team', 'text', (c) => c.notNull())
      .addColumn('away_team', 'text', (c) => c.notNull())
      .addColumn('home_logo', 'text')
      .addColumn('away_logo', 'text')
      .addColumn('league', 'text')
      .addColumn('match_date', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scores_home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scores_away', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('elapsed', 'integer')
      .addColumn('odds_home', 'integer', (c) => c.notNull())
      .addColumn('odds_draw', 'integer', (c) => c.notNull())
      .addColumn('odds_away', 'integer', (c) => c.notNull())
      .addColumn('odds_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('odds_at', 'timestamptz', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('games_by_date').on('games').columns(['match_date']).execute();
    await db.schema.createIndex('games_by_status').on('games').columns(['status', 'match_date']).execute();

    await db.schema
      .createTable('bets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('bet_type', 'text', (c) => c.notNull())
      .addColumn('stake_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_odds_hundredths', 'integer', (c) => c.notNull())
      .addColumn('potential_payout_cents', 'bigint', (c) => c.notNull())
      .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // how a bet ended, kept apart from the placement: the two arrive on different subjects, in any order
    await db.schema
      .createTable('bet_closures')
      .addColumn('bet_id', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('won','lost','void','cashed_out')`),
      )
      .addColumn('payout_cents', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bets_by_user').on('bets').columns(['user_id', 'placed_at']).execute();

    await db.schema
      .createTable('bet_selections')
      .addColumn('bet_id', 'text', (c) => c.notNull().references('bets.id').onDelete('cascade'))
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('odds_hundredths', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bet_selections_pk', ['bet_id', 'game_id'])
      .execute();
    await db.schema.createIndex('selections_by_game').on('bet_selections').columns(['game_id']).execute();

    await db.schema
      .createTable('news')
      .addColumn('link', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('snippet', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz', (c) => c.notNull())
      .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
