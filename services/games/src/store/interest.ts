import type { DB } from './db';

/** Records that these games have bets; a game already recorded keeps its first bet's time. */
export async function insertInterest(db: DB, gameIds: readonly string[], firstBetAt: Date) {
  await db
    .insertInto('game_interest')
    .values(gameIds.map((id) => ({ game_id: id, first_bet_at: firstBetAt })))
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();
}
