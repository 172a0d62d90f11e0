import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { PlacementsTable } from '../db/schema';
import type { BetRow, Db } from './db';

export type PlacementRow = Selectable<PlacementsTable>;

export interface NewPlacement {
  id: string;
  userId: string;
  debitKey: string;
  amountCents: bigint;
  description: string;
  /** the free-bet token paying the stake (issue 33) and its promotion (decision betting-010) */
  freeBetId: string | null;
  freeBetPromotionId?: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  bets: Array<{
    id: string;
    betType: 'single' | 'multi';
    stakeCents: bigint;
    totalOdds: number;
    potentialPayoutCents: bigint;
    /** the part of the stake a free-bet token pays (0: none) */
    freeBetCents: bigint;
    /** issue 33: a multi's accumulator bonus as placed */
    acca?: {
      promotionId: string;
      tiers: Array<{ legs: number; bp: number }>;
      bp: number;
      potentialCents: bigint;
    };
  }>;
  legs: Array<{
    betId: string;
    idx: number;
    gameId: string;
    market: string;
    outcome: string;
    odds: number;
    /** issue 33: the boost that priced the leg and the model price */
    boostId?: string | null;
    baseOdds?: number | null;
  }>;
}

/**
 * Placements, their bets (pending_payment) and their legs in one statement (one round trip,
 * not three), however many placements.
 */
export async function insertPlacements(trx: Db, ps: NewPlacement[]): Promise<void> {
  if (ps.length === 0) return;
  await trx
    .with('p', (db) =>
      db.insertInto('placements').values(
        ps.map((p) => ({
          id: p.id,
          user_id: p.userId,
          debit_key: p.debitKey,
          amount_cents: p.amountCents.toString(),
          description: p.description,
          state: 'pending_payment' as const,
          reject_reason: null,
          refund_state: null,
          free_bet_id: p.freeBetId,
          next_attempt_at: p.nextAttemptAt,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })),
      ),
    )
    .with('b', (db) =>
      db.insertInto('bets').values(
        ps.flatMap((p) =>
          p.bets.map((b) => ({
            id: b.id,
            placement_id: p.id,
            user_id: p.userId,
            bet_type: b.betType,
            stake_cents: b.stakeCents.toString(),
            total_odds: b.totalOdds,
            potential_payout_cents: b.potentialPayoutCents.toString(),
            status: 'pending_payment' as const,
            free_bet_id: b.freeBetCents > 0n ? p.freeBetId : null,
            free_bet_cents: b.freeBetCents.toString(),
            free_bet_promotion_id: b.freeBetCents > 0n ? (p.freeBetPromotionId ?? null) : null,
            acca_promotion_id: b.acca?.promotionId ?? null,
            acca_tiers: b.acca ? JSON.stringify(b.acca.tiers) : null,
            acca_bonus_bp: b.acca?.bp ?? 0,
            acca_bonus_cents: (b.acca?.potentialCents ?? 0n).toString(),
            created_at: p.createdAt,
            settled_at: null,
          })),
        ),
      ),
    )
    .insertInto('selections')
    .values(
      ps.flatMap((p) =>
        p.legs.map((l) => ({
          bet_id: l.betId,
          idx: l.idx,
          game_id: l.gameId,
          market: l.market,
          outcome: l.outcome,
          odds: l.odds,
          result: null,
          boost_id: l.boostId ?? null,
          base_odds: l.baseOdds ?? null,
        })),
      ),
    )
    .execute();
}

export function placementById(db: Db, placementId: string): Promise<PlacementRow> {
  return db.selectFrom('placements').selectAll().where('id', '=', placementId).executeTakeFirstOrThrow();
}

/** The legs of a placement's bets with their stakes, in bet then leg order. */
export function placementLegs(db: Db, placementId: string) {
  return db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select([
      'bets.id as bet_id',
      'bets.stake_cents',
      'bets.total_odds',
      'bets.acca_promotion_id',
      'selections.idx',
      'selections.game_id',
      'selections.market',
      'selections.outcome',
      'selections.odds',
      'selections.boost_id',
    ])
    .where('bets.placement_id', '=', placementId)
    .orderBy('bets.id')
    .orderBy('selections.idx')
    .execute();
}

/**
 * The placements accepted and their bets opened in one statement: no bet moves unless its
 * placement did (they are pending_payment together, always). Returns the bets opened.
 */
export function acceptPlacements(trx: Db, placementIds: string[]): Promise<BetRow[]> {
  return trx
    .with('moved', (db) =>
      db
        .updateTable('placements')
        .set({ state: 'accepted', updated_at: new Date() })
        .where('id', 'in', placementIds)
        .where('state', '=', 'pending_payment')
        .returning('id'),
    )
    .updateTable('bets')
    .set({ status: 'pending' })
    .where('placement_id', 'in', (eb) => eb.selectFrom('moved').select('id'))
    .where('status', '=', 'pending_payment')
    .returningAll()
    .execute();
}

export function lockPlacementState(trx: Db, placementId: string) {
  return trx
    .selectFrom('placements')
    .select(['state', 'refund_state'])
    .where('id', '=', placementId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Money was taken for a placement that cannot be accepted: the reconciler owes a refund now. */
export async function markRefundDue(trx: Db, placementId: string): Promise<void> {
  await trx
    .updateTable('placements')
    .set({ refund_state: 'due', next_attempt_at: new Date(), updated_at: new Date() })
    .where('id', '=', placementId)
    .execute();
}

export async function markRefundDone(db: Db, placementId: string): Promise<void> {
  await db
    .updateTable('placements')
    .set({ refund_state: 'done', updated_at: new Date() })
    .where('id', '=', placementId)
    .execute();
}

/** Rejects a placement still waiting for its debit, and its bets; false if it was no longer waiting. */
export async function rejectPlacement(trx: Db, placementId: string, reason: string): Promise<boolean> {
  const moved = await trx
    .updateTable('placements')
    .set({ state: 'rejected', reject_reason: reason, updated_at: new Date() })
    .where('id', '=', placementId)
    .where('state', '=', 'pending_payment')
    .returning('id')
    .executeTakeFirst();
  if (!moved) return false;
  await trx.updateTable('bets').set({ status: 'rejected' }).where('placement_id', '=', placementId).execute();
  return true;
}

export async function placementState(trx: Db, placementId: string) {
  const p = await trx
    .selectFrom('placements')
    .select('state')
    .where('id', '=', placementId)
    .executeTakeFirstOrThrow();
  return p.state;
}

/**
 * Claims due work for the reconciler: placements still waiting for their debit and owed
 * refunds. Each row is claimed by pushing its next attempt into the future in one
 * conditional update, so replicas never work on the same row at once; a claim that dies
 * simply expires and the row comes back. The lease outlives one wallet round trip
 * (`leaseSeconds`); failures back off up to a minute.
 */
export async function claimDueWork(db: Db, leaseSeconds: number) {
  const claimed = await sql<{ id: string; state: string; refund_state: string | null }>`
      update placements set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(${leaseSeconds}::float8,
          least(60, power(2, attempts)::float8)))
      where id in (
        select id from placements
        where (state = 'pending_payment' or refund_state = 'due') and next_attempt_at <= now()
        order by next_attempt_at limit 50
        for update skip locked)
      returning id, state, refund_state`.execute(db);
  return claimed.rows;
}
