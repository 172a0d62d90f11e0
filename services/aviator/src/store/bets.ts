import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { BetStatus, BetsTable } from '../db/schema';
import type { Db } from './db';

export type { BetRow } from './db';

/** A round's bets; with `statuses`, only those (and typed so). */
export async function betsOfRound<S extends BetStatus = BetStatus>(db: Db, roundId: string, statuses?: S[]) {
  let q = db.selectFrom('bets').selectAll().where('round_id', '=', roundId);
  if (statuses) q = q.where('status', 'in', statuses);
  return q.orderBy('created_at').$narrowType<{ status: S }>().execute();
}

export async function userBetsInRound(db: Db, roundId: string, userId: string) {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .where('status', '<>', 'rejected')
    .execute();
}

export async function insertBet(
  db: Db,
  b: {
    id: string;
    roundId: string;
    userId: string;
    username: string;
    panel: number;
    stakeCents: bigint;
    autoCashOut: number | null;
    at: Date;
  },
) {
  await db
    .insertInto('bets')
    .values({
      id: b.id,
      round_id: b.roundId,
      user_id: b.userId,
      username: b.username,
      panel: b.panel,
      stake_cents: b.stakeCents,
      auto_cash_out: b.autoCashOut,
      target: null,
      status: 'placing',
      cashed_out_at: null,
      payout_cents: null,
      reject_reason: null,
      created_at: b.at,
      settled_at: null,
    })
    .execute();
}

/** Moves a bet on from one status; the row that moved, or undefined when it was not in `from`. */
export async function moveBet(db: Db, id: string, from: BetStatus, set: Updateable<BetsTable>) {
  return db
    .updateTable('bets')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Refuses every bet of a round still `placing`, its stake due back (settled by key with the wallet). */
export async function refusePlacingBets(db: Db, roundId: string, reason: string) {
  return db
    .updateTable('bets')
    .set({ status: 'rejected', reject_reason: reason, refund_state: 'due' })
    .where('round_id', '=', roundId)
    .where('status', '=', 'placing')
    .returning(['id'])
    .execute();
}

/** Active bets of a round whose own exit (target) the flight has reached. */
export async function betsDueAt(db: Db, roundId: string, multiplier: number) {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('status', '=', 'active')
    .where(sql<boolean>`target <= ${multiplier}`)
    .execute();
}

export async function betsOfUser(db: Db, userId: string, limit: number) {
  return (
    db
      .selectFrom('bets')
      // a bet held for the next round has no round row yet
      .leftJoin('rounds', 'rounds.id', 'bets.round_id')
      .selectAll('bets')
      .select(['rounds.idx', 'rounds.state as round_state', 'rounds.crash_point'])
      .where('bets.user_id', '=', userId)
      .where('bets.status', '<>', 'rejected')
      .orderBy('bets.created_at', 'desc')
      .limit(limit)
      .$narrowType<{ status: Exclude<BetStatus, 'rejected'> }>()
      .execute()
  );
}

/** A player's active bets in a round (one panel or both), locked for a cash-out. */
export async function activeBetsForUpdate(db: Db, userId: string, roundId: string, panel?: number) {
  let q = db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('round_id', '=', roundId)
    .orderBy('panel')
    .forUpdate();
  if (panel !== undefined) q = q.where('panel', '=', panel);
  return q.execute();
}

/** One player's placements one after another (the panel choice sees the other bet). */
export async function lockPlayer(db: Db, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`aviator:${userId}`}))`.execute(db);
}

export async function betById(db: Db, id: string) {
  return db.selectFrom('bets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * How many of a user's bets are not settled: in the air, being placed, or refused with the
 * stake still to be given back. Closing the account waits for them.
 */
export async function countOpenBets(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', 'in', ['placing', 'active']), eb('refund_state', '=', 'due')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refused bets whose stake the wallet never confirmed, oldest first (app/unconfirmed.ts). */
export async function betsWithStakeDue(db: Db, limit: number) {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('refund_state', '=', 'due')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function markStakeSettled(db: Db, id: string) {
  await db
    .updateTable('bets')
    .set({ refund_state: 'done' })
    .where('id', '=', id)
    .where('refund_state', '=', 'due')
    .execute();
}

/** A player's bet (not refused) on one panel of a round. */
export async function userBetOnPanel(db: Db, roundId: string, userId: string, panel: number) {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .where('panel', '=', panel)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

/** A round's cash-outs, biggest payout first. */
export async function topCashOutsOfRound(db: Db, roundId: string, limit: number) {
  return db
    .selectFrom('bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('status', '=', 'cashed_out')
    .orderBy('payout_cents', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Cash-outs settled since `since`: the biggest payouts (`wins`) or the highest multipliers
 * (`multipliers`), with their round. Read through the partial index of cash-outs by time.
 */
export async function topCashOuts(db: Db, kind: 'wins' | 'multipliers', since: Date, limit: number) {
  const order = kind === 'wins' ? 'bets.payout_cents' : 'bets.cashed_out_at';
  return db
    .selectFrom('bets')
    .innerJoin('rounds', 'rounds.id', 'bets.round_id')
    .selectAll('bets')
    .select(['rounds.idx', 'rounds.crash_point'])
    .where('bets.status', '=', 'cashed_out')
    .where('bets.settled_at', '>=', since)
    .orderBy(order, 'desc')
    .orderBy('bets.settled_at', 'desc')
    .limit(limit)
    .execute();
}
