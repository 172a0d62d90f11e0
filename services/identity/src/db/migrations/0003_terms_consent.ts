import type { Kysely, Migration } from 'kysely';

/** The 18+ and terms consent given at registration, kept with the account as proof. */
export const termsConsent: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('terms_accepted_at', 'timestamptz').execute();
  },
};
