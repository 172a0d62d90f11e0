import { type Kysely, type Migration, sql } from 'kysely';

const STATUSES = `('upcoming', 'live', 'finished', 'cancelled')`;

/** games, match events, power rankings, the audit trail, meta and game interest */
export const games: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text')
      .addColumn('home_team', 'text', (c) => c.notNull())
      .addColumn('away_team', 'text', (c) => c.notNull())
      .addColumn('home_team_logo', 'text')
      .addColumn('away_team_logo', 'text')
      .addColumn('league', 'text')
      .addColumn('match_date', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ${STATUSES}`)))
      .addColumn('home_score', 'integer', (c) => c.notNull().defaultTo(0).check(sql`home_score >= 0`))
      .addColumn('away_score', 'integer', (c) => c.notNull().defaultTo(0).check(sql`away_score >= 0`))
      .addColumn('elapsed', 'integer')
      .addColumn('result', 'text', (c) => c.check(sql`result in ('A', 'B', 'Draw')`))
      .addColumn('odds_home', 'integer', (c) => c.notNull().check(sql`odds_home >= 101`))
      .addColumn('odds_draw', 'integer', (c) => c.notNull().check(sql`odds_draw >= 101`))
      .addColumn('odds_away', 'integer', (c) => c.notNull().check(sql`odds_away >= 101`))
      .addColumn('base_home', 'integer', (c) => c.notNull().check(sql`base_home >= 101`))
      .addColumn('base_draw', 'integer', (c) => c.notNull().check(sql`base_draw >= 101`))
      .addColumn('base_away', 'integer', (c) => c.notNull().check(sql`base_away >= 101`))
      .addColumn('adj_home', 'integer', (c) => c.check(sql`adj_home >= 101`))
      .addColumn('adj_draw', 'integer', (c) => c.check(sql`adj_draw >= 101`))
      .addColumn('adj_away', 'integer', (c) => c.check(sql`adj_away >= 101`))
      .addColumn('adjusted_by', 'text')
      .addColumn('adjusted_at', 'timestamptz')
      // where the pre-match price comes from: model (simulator, provider without odds), provider, manual (admin)
      .addColumn('price_source', 'text', (c) =>
        c.notNull().check(sql`price_source in ('model', 'provider', 'manual')`),
      )
      .addColumn('lambda_home', 'double precision')
      .addColumn('lambda_away', 'double precision')
      .addColumn('sim_state', 'jsonb')
      .addColumn('settled_at', 'timestamptz')
      .addColumn('cancelled_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('games_result_only_when_finished', sql`result is null or status = 'finished'`)
      .addCheckConstraint(
        'games_adjustment_whole',
        sql`(adj_home is null) = (adj_draw is null) and (adj_home is null) = (adj_away is null)`,
      )
      .execute();
    // one row per provider fixture: syncs upsert on it
    await sql`create unique index games_provider_fixture on games (provider, provider_id) where provider_id is not null`.execute(
      db,
    );
    await sql`create index games_status_date on games (status, match_date)`.execute(db);
    await sql`create index games_date on games (match_date)`.execute(db);
    await sql`create index games_home_team on games (lower(home_team), match_date)`.execute(db);
    await sql`create index games_away_team on games (lower(away_team), match_date)`.execute(db);

    // The last line of defence for "never an impossible state": a finished or cancelled
    // game keeps its status whatever code path (admin, simulator, provider) writes to it.
    await sql`
      create function games_status_forward() returns trigger language plpgsql as $$
      begin
        if old.status in ('finished', 'cancelled') and new.status <> old.status then
          raise exception 'game % is % and cannot become %', old.id, old.status, new.status
            using errcode = 'check_violation', constraint = 'games_status_forward';
        end if;
        if old.status = 'live' and new.status = 'upcoming' then
          raise exception 'game % is live and cannot become upcoming', old.id
            using errcode = 'check_violation', constraint = 'games_status_forward';
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger games_status_forward before update of status on games
      for each row execute function games_status_forward()`.execute(db);

    await db.schema
      .createTable('match_events')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('Goal', 'Card', 'subst')`))
      .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('home', 'away')`))
      .addColumn('elapsed', 'integer', (c) => c.notNull())
      .addColumn('extra', 'integer')
      .addColumn('player', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('match_events_pk', ['game_id', 'seq'])
      .execute();

    await db.schema
      .createTable('rankings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_name', 'text', (c) => c.notNull())
      .addColumn('team_key', 'text', (c) => c.notNull().unique())
      .addColumn('ranking', 'integer', (c) => c.notNull().check(sql`ranking between 1 and 100`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .execute();
    await sql`create index audit_entity on audit_log (entity, entity_id, at)`.execute(db);

    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'jsonb', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('game_interest')
      .addColumn('game_id', 'text', (c) => c.primaryKey())
      .addColumn('bets', 'integer', (c) => c.notNull())
      .addColumn('last_bet_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
