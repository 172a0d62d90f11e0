import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { RoundsTable } from '../db/schema';
import type { Db, RoundRow } from './db';

export type { RoundRow } from './db';

import type { RoundClock } from '../domain/round';

export function clockOf(r: RoundRow): RoundClock {
  return {
    state: r.state,
    crashPoint: Number(r.crash_point),
    bettingEndsAt: r.betting_ends_at.getTime(),
    startedAt: r.started_at ? r.started_at.getTime() : null,
    crashedAt: r.crashed_at ? r.crashed_at.getTime() : null,
  };
}

export async function latestRound(db: Db): Promise<RoundRow | undefined> {
  return db.selectFrom('rounds').selectAll().orderBy('idx', 'desc').limit(1).executeTakeFirst();
}

export async function roundById(db: Db, id: string): Promise<RoundRow | undefined> {
  return db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roundByIdx(db: Db, idx: number): Promise<RoundRow | undefined> {
  return db.selectFrom('rounds').selectAll().where('idx', '=', idx).executeTakeFirst();
}

/**
 * Opens round `idx`; false when another clock already opened it (never two rounds with one
 * index). Its id is the one the round before named (`next_id`), which bets held for it carry.
 */
export async function insertRound(
  db: Db,
  r: { id: string; idx: number; hash: string; crashPoint: number; bettingEndsAt: Date; nextId: string },
): Promise<boolean> {
  const res = await db
    .insertInto('rounds')
    .values({
      id: r.id,
      idx: r.idx,
      hash: r.hash,
      next_id: r.nextId,
      crash_point: r.crashPoint,
      state: 'betting',
      betting_ends_at: r.bettingEndsAt,
    })
    // two clocks opening the same round use the same id and index: the second does nothing
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves a round on from `from`; false when it had already moved (another clock did it). */
export async function moveRound(
  db: Db,
  id: string,
  from: RoundsTable['state'],
  set: Updateable<RoundsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('rounds')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function addToRound(
  db: Db,
  id: string,
  add: { bets?: number; stakedCents?: bigint; paidCents?: bigint },
) {
  await db
    .updateTable('rounds')
    .set({
      bets: sql`bets + ${add.bets ?? 0}`,
      staked_cents: sql`staked_cents + ${String(add.stakedCents ?? 0n)}::bigint`,
      paid_cents: sql`paid_cents + ${String(add.paidCents ?? 0n)}::bigint`,
    })
    .where('id', '=', id)
    .execute();
}

export async function crashedRounds(db: Db, limit: number, beforeIdx?: number) {
  let q = db
    .selectFrom('rounds')
    .selectAll()
    .where('state', '=', 'crashed')
    .orderBy('idx', 'desc')
    .limit(limit);
  if (beforeIdx !== undefined) q = q.where('idx', '<', beforeIdx);
  return q.execute();
}

/** The round in flight, if any. */
export async function runningRound(db: Db): Promise<RoundRow | undefined> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('state', '=', 'running')
    .orderBy('idx', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The round taking bets at `now`, share-locked: lift-off (an update of this row) waits for
 * bets being written, and a bet never lands in a round that has already lifted off.
 */
export async function bettingRoundForShare(db: Db, now: Date) {
  return db
    .selectFrom('rounds')
    .select(['id', 'idx', 'betting_ends_at'])
    .where('state', '=', 'betting')
    .where('betting_ends_at', '>', now)
    .orderBy('idx', 'desc')
    .limit(1)
    .forShare()
    .executeTakeFirst();
}

/**
 * The round, share-locked, if it is still taking bets: a bet moved to `active` under this lock
 * is seen by the lift-off (whose update of the row waits for the lock), app/boarding.ts.
 */
export async function lockBettingRound(db: Db, id: string) {
  return db
    .selectFrom('rounds')
    .select(['id', 'betting_ends_at'])
    .where('id', '=', id)
    .where('state', '=', 'betting')
    .forShare()
    .executeTakeFirst();
}

/** What a round took and paid so far. */
export async function roundTotals(db: Db, id: string) {
  return db
    .selectFrom('rounds')
    .select(['bets', 'staked_cents', 'paid_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The opening of round `id` (by the id the round before named) and the bets held for it take
 * turns: bets and cancels share this lock, the clock opening the round takes it alone
 * (app/boarding.ts). An advisory lock, so the flying round's row (updated by every cash-out)
 * is not held by next-round bets.
 */
export async function shareOpeningOf(db: Db, id: string) {
  await sql`select pg_advisory_xact_lock_shared(hashtext(${`aviator:open:${id}`}))`.execute(db);
}

export async function lockOpeningOf(db: Db, id: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`aviator:open:${id}`}))`.execute(db);
}
