import type { Kysely, Migration } from 'kysely';

/** only whether a game has bets is ever read; counting them made every bet update one hot row */
export const interestExistence: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('game_interest').dropColumn('bets').execute();
    await db.schema.alterTable('game_interest').renameColumn('last_bet_at', 'first_bet_at').execute();
  },
};
