import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The settler's work list moves from a column of `bets` to a table of its own: flagging the
 * 100 000 bets of a big game was an update of every one of those wide rows and of each of
 * their indexes (the flag is in a partial index's predicate, so never a HOT update), on top
 * of the update that settles them; now it is one narrow insert per bet (settlement-speed).
 */
export const settlementFlags: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('settlement_flags')
      .addColumn('bet_id', 'text', (c) => c.primaryKey())
      .execute();
    await sql`insert into settlement_flags (bet_id) select id from bets where needs_eval`.execute(db);
    await sql`drop index bets_needs_eval`.execute(db);
    await db.schema.alterTable('bets').dropColumn('needs_eval').execute();
  },
};
