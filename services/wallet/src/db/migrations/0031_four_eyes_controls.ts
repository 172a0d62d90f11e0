import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 30: four-eyes on the money admins move. A four-eyes request is an adjustment or a
 * closed wallet's payout; a withdrawal that needs two approvals keeps the first approver until
 * a second admin decides. (Numbered apart, like 0009 and 0020.)
 */
export const fourEyesControls: Migration = {
  async up(db: Kysely<any>) {
    await sql`alter table adjustment_requests
      add column kind text not null default 'adjustment' check (kind in ('adjustment', 'closed_payout'))`.execute(
      db,
    );
    await sql`alter table withdrawals
      add column first_approved_by text,
      add column first_approved_at timestamptz`.execute(db);
    // the running sum of one admin's adjustments of one wallet today
    await sql`create index transactions_actor_user on transactions (actor_id, user_id, created_at) where actor_id is not null`.execute(
      db,
    );
  },
};
