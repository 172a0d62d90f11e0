import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 33 (decision betting-010): a free-bet token keeps the eligible leagues and markets its
 * promotion promised at the claim (empty: any), so betting can refuse a pick outside them.
 */
export const freeBetTerms: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table free_bets
      add column leagues text[] not null default '{}',
      add column markets text[] not null default '{}'`.execute(db);
  },
};
