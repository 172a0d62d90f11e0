import { sql } from 'kysely';
import type { Db } from './db';

/**
 * Per market and outcome of one game: pending bets touching it, their stakes and potential
 * payouts (cents). An `A` of Draw No Bet or a handicap is another pick than 1X2's `A`.
 */
export function exposureByOutcome(db: Db, gameId: string) {
  return db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select([
      'selections.market',
      'selections.outcome',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(bets.stake_cents)`.as('stake'),
      sql<string>`sum(bets.potential_payout_cents)`.as('payout'),
    ])
    .where('selections.game_id', '=', gameId)
    .where('bets.status', '=', 'pending')
    .groupBy(['selections.market', 'selections.outcome'])
    .execute();
}

/** What every pending bet would pay, each bet once (cents). */
export async function totalExposure(db: Db): Promise<string> {
  const row = await db
    .selectFrom('bets')
    .select(sql<string>`coalesce(sum(potential_payout_cents), 0)`.as('total'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Potential payouts of pending bets per game, largest first (a multi counts toward each of its games). */
export function exposureByGame(db: Db) {
  return db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select(['selections.game_id', sql<string>`sum(bets.potential_payout_cents)`.as('payout')])
    .where('bets.status', '=', 'pending')
    .groupBy('selections.game_id')
    .orderBy(sql`sum(bets.potential_payout_cents)`, 'desc')
    .orderBy('selections.game_id')
    .execute();
}

export const exposureKey = (gameId: string, market: string, outcome: string) =>
  `${gameId}|${market}|${outcome}`;

/**
 * What each (game, market, outcome) of these games would pay out over every bet not yet
 * settled (cents), a multi counting in full toward each of its picks: the liability limit's
 * reading (betting-008). Bets waiting for their debit count too.
 */
export async function exposureOf(db: Db, gameIds: readonly string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (gameIds.length === 0) return out;
  const rows = await db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select([
      'selections.game_id',
      'selections.market',
      'selections.outcome',
      sql<string>`sum(bets.potential_payout_cents)`.as('payout'),
    ])
    .where('selections.game_id', 'in', [...new Set(gameIds)])
    .where('bets.status', 'in', ['pending', 'pending_payment'])
    .groupBy(['selections.game_id', 'selections.market', 'selections.outcome'])
    .execute();
  for (const r of rows) out.set(exposureKey(r.game_id, r.market, r.outcome), BigInt(r.payout));
  return out;
}
