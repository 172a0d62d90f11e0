import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Four-eyes: an adjustment above the threshold waits here until a second admin approves it.
 * (Numbered apart from the others so parallel work on migrations cannot collide with it.)
 */
export const adjustmentRequests: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create table adjustment_requests (
        id text primary key,
        user_id text not null,
        amount_cents bigint not null check (amount_cents <> 0),
        description text not null,
        requested_by text not null,
        status text not null default 'pending' check (status in ('pending', 'approved')),
        approved_by text,
        transaction_id text,
        created_at timestamptz not null default now(),
        decided_at timestamptz,
        check (approved_by is null or approved_by <> requested_by)
      )`.execute(db);
    await sql`create index adjustment_requests_pending on adjustment_requests (created_at) where status = 'pending'`.execute(
      db,
    );
  },
};
