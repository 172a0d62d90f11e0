import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Bets for the next round, placed while this one flies (issue 35). Each round names its
 * successor's id in advance (`next_id`), so a bet held for the next round carries the round id
 * it will fly in before that round's row exists: the bets' foreign key to rounds goes, and the
 * round clock opens the next round under that id (app/clock.ts). Also the index the Top lists
 * of cash-outs read.
 */
export const nextRoundBets: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table rounds add column next_id text`.execute(db);
    // existing rounds get a successor id too (24 hex digits, the service's id format)
    await sql`update rounds set next_id = substr(md5(id || ':next'), 1, 24)`.execute(db);
    await sql`alter table rounds alter column next_id set not null`.execute(db);
    await sql`create unique index rounds_next_id on rounds (next_id)`.execute(db);
    await sql`alter table bets drop constraint if exists bets_round_id_fkey`.execute(db);
    // the Top lists (wins and multipliers of the day, month, year) read cash-outs by time
    await sql`create index bets_cashed_out on bets (settled_at desc) where status = 'cashed_out'`.execute(db);
  },
};
