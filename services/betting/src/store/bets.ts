import { DEFAULT_MARKET } from '@bet/proto-events';
import { sql } from 'kysely';
import type { BetStatus } from '../db/schema';
import type { Outcome } from '../domain/placement';
import type { LegResult, Transition } from '../domain/settlement';
import type { BetRow, Db } from './db';

export function betById(db: Db, betId: string, lock = false): Promise<BetRow | undefined> {
  let q = db.selectFrom('bets').selectAll().where('id', '=', betId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function betsByIds(db: Db, ids: string[]): Promise<BetRow[]> {
  return db.selectFrom('bets').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** One bet's legs, in order. */
export function legsOfBet(db: Db, betId: string) {
  return db
    .selectFrom('selections')
    .select(['game_id', 'market', 'outcome', 'odds', 'boost_id'])
    .where('bet_id', '=', betId)
    .orderBy('idx')
    .execute();
}

/** The legs of many bets, by bet then leg order. */
export function legsOfBets(db: Db, betIds: string[]) {
  return db
    .selectFrom('selections')
    .selectAll()
    .where('bet_id', 'in', betIds)
    .orderBy('bet_id')
    .orderBy('idx')
    .execute();
}

/** Cashes a bet out if it is still pending (a settlement may have come first); true if it was. */
export async function markCashedOut(trx: Db, betId: string, amountCents: bigint, at: Date): Promise<boolean> {
  const updated = await trx
    .updateTable('bets')
    .set({
      status: 'cashed_out',
      payout_cents: amountCents.toString(),
      settled_at: at,
    })
    .where('id', '=', betId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** How many of a user's bets are not finished. */
export async function countOpenBets(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending_payment', 'pending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface HistoryFilter {
  statuses?: BetStatus[];
  from?: Date;
  /** exclusive */
  to?: Date;
  sortColumn: 'created_at' | 'stake_cents' | 'payout_cents' | 'total_odds';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of a user's bets and their total; bets that never got paid for are not shown. */
export async function betHistoryPage(db: Db, userId: string, f: HistoryFilter) {
  let base = db
    .selectFrom('bets')
    .where('user_id', '=', userId)
    .where('status', 'not in', ['pending_payment', 'rejected']);
  if (f.statuses) base = base.where('status', 'in', f.statuses);
  if (f.from) base = base.where('created_at', '>=', f.from);
  if (f.to) base = base.where('created_at', '<', f.to);
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(f.sortColumn, f.order)
    .orderBy('id', f.order)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { total: Number(total), rows };
}

// ── settlement ───────────────────────────────────────────────────────────

/** A leg decided while its debit was in flight (its game settled or cancelled meanwhile). */
export async function setLegResult(trx: Db, betId: string, idx: number, result: LegResult): Promise<void> {
  await trx
    .updateTable('selections')
    .set({ result })
    .where('bet_id', '=', betId)
    .where('idx', '=', idx)
    .execute();
}

/** Asks the settler to look at these bets again. */
export async function flagBets(trx: Db, betIds: string[]): Promise<void> {
  await sql`insert into settlement_flags (bet_id) select unnest(cast(${betIds} as text[]))
    on conflict do nothing`.execute(trx);
}

/**
 * Every leg on the game settled: 1X2 legs by the result (set-based, as before markets), the
 * legs of every other market by the catalogue's rule over the scores, one update per
 * (market, outcome) picked on the game.
 */
export async function setLegResultsOfGame(
  trx: Db,
  gameId: string,
  result: Outcome,
  settle: (market: string, outcome: string) => Exclude<LegResult, null>,
): Promise<void> {
  await trx
    .updateTable('selections')
    .set({ result: sql<LegResult>`case when outcome = ${result} then 'won' else 'lost' end` })
    .where('game_id', '=', gameId)
    .where('market', '=', DEFAULT_MARKET)
    .execute();
  const picks = await trx
    .selectFrom('selections')
    .select(['market', 'outcome'])
    .distinct()
    .where('game_id', '=', gameId)
    .where('market', '<>', DEFAULT_MARKET)
    .execute();
  for (const p of picks) {
    await trx
      .updateTable('selections')
      .set({ result: settle(p.market, p.outcome) })
      .where('game_id', '=', gameId)
      .where('market', '=', p.market)
      .where('outcome', '=', p.outcome)
      .execute();
  }
}

/** Every leg on the game void (odds 1.00). */
export async function voidLegsOfGame(trx: Db, gameId: string): Promise<void> {
  await trx.updateTable('selections').set({ result: 'void' }).where('game_id', '=', gameId).execute();
}

/** Flags the bets with a leg on the game, in these statuses, for the settler. */
export async function flagBetsOfGame(
  trx: Db,
  gameId: string,
  statuses: Array<'pending' | 'won' | 'lost'>,
): Promise<void> {
  await trx
    .insertInto('settlement_flags')
    .columns(['bet_id'])
    .expression((eb) =>
      eb
        .selectFrom('selections as s')
        .innerJoin('bets as b', 'b.id', 's.bet_id')
        .select('s.bet_id')
        .where('s.game_id', '=', gameId)
        .where('b.status', 'in', statuses),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The next flagged bets after `after` in id order, locked (another replica's batch skips them).
 * Starting after the last batch's bets keeps a big game's pass from walking, once per batch,
 * the flags its earlier batches removed (dead index entries until vacuum).
 */
export function lockFlaggedBets(trx: Db, limit: number, after = '') {
  return (
    trx
      .selectFrom('settlement_flags as f')
      .innerJoin('bets as b', 'b.id', 'f.bet_id')
      .select([
        'b.id',
        'b.user_id',
        'b.bet_type',
        'b.stake_cents',
        'b.free_bet_cents',
        'b.acca_promotion_id',
        'b.free_bet_promotion_id',
        'b.acca_tiers',
        'b.status',
        'b.payout_cents',
        'b.paid_cents',
        'b.settlements',
      ])
      .where('f.bet_id', '>', after)
      // the same bound on bets: a merge join would otherwise read bets from the first id each time
      .where('b.id', '>', after)
      .orderBy('f.bet_id')
      .limit(limit)
      .forUpdate('b')
      .skipLocked()
      .execute()
  );
}

/**
 * Waits for any result, correction or cancellation being applied to the games of these bets'
 * legs (they hold the game `for update`) and holds those off until this transaction ends: a
 * key-share lock on each game, in id order (odds updates do not conflict with it). Taken before
 * the legs are read, so a multi's evaluation and the flagging of its other games cannot miss
 * each other (betting-006).
 */
export async function holdGamesOfBets(trx: Db, betIds: string[]): Promise<void> {
  if (betIds.length === 0) return;
  await sql`select g.id from games as g
    where g.id in (select s.game_id from selections as s where ${amongIds('s.bet_id', betIds)})
    order by g.id for key share`.execute(trx);
}

/** The legs of bets being evaluated, by bet then leg order. */
export function legResults(trx: Db, betIds: string[]) {
  return trx
    .selectFrom('selections')
    .select(['bet_id', 'game_id', 'odds', 'result', 'boost_id', 'base_odds'])
    .where(amongIds('bet_id', betIds))
    .orderBy('bet_id')
    .orderBy('idx')
    .execute();
}

/** The settler has looked at these bets (in the transaction that writes what it decided). */
export async function clearFlags(trx: Db, betIds: string[]): Promise<void> {
  await trx.deleteFrom('settlement_flags').where(amongIds('bet_id', betIds)).execute();
}

/**
 * `column = any(ids)`, one array parameter instead of one parameter per id (a settlement batch
 * has a thousand), and within the ids' range as well: given only the array, the planner
 * scanned all of a 100 000-row table for a batch's 1 000 (10 ms, against 1.7 ms for looking
 * them up in the index the range points it to).
 */
function amongIds(column: string, ids: string[]) {
  if (ids.length === 0) return sql<boolean>`false`;
  let min = ids[0];
  let max = ids[0];
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const col = sql.ref(column);
  return sql<boolean>`${col} = any(cast(${ids} as text[])) and ${col} between ${min} and ${max}`;
}

/**
 * Writes the settler's decisions in one statement, a column per array (not a parameter per
 * value); settled_at is `now` unless the bet is still pending.
 */
export async function applyTransitions(
  trx: Db,
  changes: ReadonlyArray<{ id: string; t: Transition; accaBonus?: { bp: number; cents: bigint } | null }>,
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const at = now.toISOString();
  const ids = changes.map((c) => c.id);
  // the ids as well as the join: without them the planner hashes the whole of `bets` for
  // every batch (46 ms instead of 22 for 1 000 of 100 000 rows)
  await sql`
    update bets as b set status = v.status, payout_cents = v.payout, paid_cents = v.paid,
      settlements = v.settlements, settled_at = v.settled_at,
      acca_bonus_bp = coalesce(v.acca_bp, b.acca_bonus_bp),
      acca_bonus_cents = coalesce(v.acca_cents, b.acca_bonus_cents)
    from unnest(
      cast(${ids} as text[]),
      cast(${changes.map((c) => c.t.status)} as text[]),
      cast(${changes.map((c) => c.t.payoutCents.toString())} as bigint[]),
      cast(${changes.map((c) => c.t.paidCents.toString())} as bigint[]),
      cast(${changes.map((c) => c.t.settlements)} as integer[]),
      cast(${changes.map((c) => (c.t.status === 'pending' ? null : at))} as timestamptz[]),
      cast(${changes.map((c) => c.accaBonus?.bp ?? null)} as integer[]),
      cast(${changes.map((c) => c.accaBonus?.cents.toString() ?? null)} as bigint[])
    ) as v(id, status, payout, paid, settlements, settled_at, acca_bp, acca_cents)
    where b.id = v.id and ${amongIds('b.id', ids)}`.execute(trx);
}
