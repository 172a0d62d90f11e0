import { type Kysely, type Migration, sql } from 'kysely';

/** The chain (one row, its seed never leaves the service), the rounds and the bets. */
export const rounds: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table chain (
        id integer primary key check (id = 1),
        seed text not null,
        length integer not null check (length >= 2),
        every integer not null check (every >= 1),
        salt text not null,
        terminating_hash text not null,
        checkpoints jsonb not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table rounds (
        id text primary key,
        -- round n plays chain link (length − n): the index is the chain position, never reused
        idx integer not null unique check (idx >= 1),
        hash text not null,
        crash_point bigint not null check (crash_point >= 100),
        state text not null check (state in ('betting', 'running', 'crashed')),
        betting_ends_at timestamptz not null,
        started_at timestamptz,
        crashed_at timestamptz,
        cap_multiplier bigint,
        bets integer not null default 0,
        staked_cents bigint not null default 0,
        paid_cents bigint not null default 0,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index rounds_crashed on rounds (idx desc) where state = 'crashed'`.execute(db);
    await sql`
      create table bets (
        id text primary key,
        round_id text not null references rounds (id),
        user_id text not null,
        username text not null,
        panel smallint not null check (panel in (1, 2)),
        stake_cents bigint not null check (stake_cents > 0),
        auto_cash_out integer check (auto_cash_out >= 101),
        -- where the bet leaves by itself (auto cash-out, max win, round cap), fixed at lift-off
        target bigint,
        status text not null check (status in ('placing', 'active', 'cashed_out', 'lost', 'rejected')),
        cashed_out_at bigint,
        payout_cents bigint,
        reject_reason text,
        created_at timestamptz not null,
        settled_at timestamptz
      )`.execute(db);
    // two bets per round per player, one per panel; a refused bet frees its panel
    await sql`create unique index bets_one_per_panel on bets (round_id, user_id, panel) where status <> 'rejected'`.execute(
      db,
    );
    await sql`create index bets_by_round on bets (round_id, status)`.execute(db);
    await sql`create index bets_by_user on bets (user_id, created_at desc)`.execute(db);
  },
};
