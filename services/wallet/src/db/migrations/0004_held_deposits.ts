import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A payment that completes after its wallet was closed is not credited: it is held (the
 * provider has the money) until an admin refunds it through the provider.
 */
export const heldDeposits: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table deposits drop constraint if exists deposits_status_check`.execute(db);
    await sql`alter table deposits add constraint deposits_status_check
      check (status in ('pending', 'completed', 'failed', 'cancelled', 'held'))`.execute(db);
  },
};
