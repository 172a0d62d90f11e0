import { type Kysely, type Migration, sql } from 'kysely';

export const init: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('home_team', 'text', (c) => c.notNull())
      .addColumn('away_team', 'text', (c) => c.notNull())
      .addColumn('home_logo', 'text')
      .addColumn('away_logo', 'text')
      .addColumn('league', 'text')
      .addColumn('match_date', 'timestamptz')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scores_home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scores_away', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('elapsed', 'integer')
      .addColumn('odds_home', 'integer', (c) => c.notNull())
      .addColumn('odds_draw', 'integer', (c) => c.notNull())
      .addColumn('odds_away', 'integer', (c) => c.notNull())
      .addColumn('odds_live', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('odds_at', 'timestamptz', (c) => c.notNull())
      .addColumn('snapshot_at', 'timestamptz', (c) => c.notNull())
      .addColumn('settled_result', 'text')
      .addColumn('result_at', 'timestamptz')
      .addColumn('cancelled_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('bet_count_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bet_count_pending', 'integer')
      .addColumn('bet_count_pending_at', 'timestamptz')
      .addColumn('stake_limit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('stake_pending_cents', 'bigint')
      .addColumn('stake_pending_at', 'timestamptz')
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('version_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('placements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('debit_key', 'text', (c) => c.notNull().unique())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) =>
        c.notNull().check(sql`state in ('pending_payment', 'accepted', 'rejected')`),
      )
      .addColumn('reject_reason', 'text')
      .addColumn('refund_state', 'text', (c) => c.check(sql`refund_state in ('due', 'done')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // the reconciler's work list stays tiny: only unfinished placements and owed refunds
    await sql`create index placements_todo on placements (next_attempt_at)
      where state = 'pending_payment' or refund_state = 'due'`.execute(db);

    await db.schema
      .createTable('bets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('placement_id', 'text', (c) => c.notNull().references('placements.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('bet_type', 'text', (c) => c.notNull().check(sql`bet_type in ('single', 'multi')`))
      .addColumn('stake_cents', 'bigint', (c) => c.notNull().check(sql`stake_cents > 0`))
      .addColumn('total_odds', 'integer', (c) => c.notNull())
      .addColumn('potential_payout_cents', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .check(
            sql`status in ('pending_payment', 'pending', 'won', 'lost', 'cancelled', 'cashed_out', 'rejected')`,
          ),
      )
      .addColumn('payout_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`payout_cents >= 0`))
      .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('settlements', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('needs_eval', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('settled_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('bets_user_created').on('bets').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('bets_placement').on('bets').column('placement_id').execute();
    await sql`create index bets_needs_eval on bets (id) where needs_eval`.execute(db);
    await sql`create index bets_open on bets (user_id) where status in ('pending_payment', 'pending')`.execute(
      db,
    );
    await sql`create index bets_settled_at on bets (settled_at) where settled_at is not null`.execute(db);

    await db.schema
      .createTable('selections')
      .addColumn('bet_id', 'text', (c) => c.notNull().references('bets.id'))
      .addColumn('idx', 'smallint', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('A', 'Draw', 'B')`))
      .addColumn('odds', 'integer', (c) => c.notNull().check(sql`odds > 100`))
      .addColumn('result', 'text', (c) => c.check(sql`result in ('won', 'lost', 'void')`))
      .addPrimaryKeyConstraint('selections_pk', ['bet_id', 'idx'])
      .addUniqueConstraint('selections_one_per_game', ['bet_id', 'game_id'])
      .execute();
    await db.schema.createIndex('selections_game').on('selections').column('game_id').execute();

    await db.schema
      .createTable('shares')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('bet_type', 'text', (c) => c.notNull())
      .addColumn('selections', 'jsonb', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
