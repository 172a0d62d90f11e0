import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A bet refused at lift-off because the wallet did not answer for its stake: whether the
 * stake was taken is unknown, so the bet owes an answer (`due`) until the reconciler has
 * settled its key with the wallet (`done`: never taken, or taken and given back).
 */
export const unconfirmedStakes: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table bets add column refund_state text check (refund_state in ('due', 'done'))`.execute(
      db,
    );
    await sql`create index bets_refund_due on bets (created_at) where refund_state = 'due'`.execute(db);
  },
};
