import { sql } from 'kysely';
import type { WeekUsage } from '../domain/limits';
import type { Db } from './db';

/**
 * The one weekly usage count the responsible-gambling limits apply to: sportsbook bets
 * (not rejected) since `since`, plus stakes placed elsewhere on the platform (Aviator) and
 * not released. Read under the user's row lock, so concurrent placements from both games
 * see each other.
 */
export async function weekUsage(trx: Db, userId: string, since: Date): Promise<WeekUsage> {
  // one round trip for both counts (this runs on every placement, under the user's lock)
  const row = await trx
    .selectFrom([
      trx
        .selectFrom('bets')
        .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(stake_cents), 0)`.as('s')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('status', '!=', 'rejected')
        .as('b'),
      trx
        .selectFrom('outside_stakes')
        .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(stake_cents), 0)`.as('s')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('released', '=', false)
        .as('o'),
    ])
    .select(['b.n as bets', 'b.s as stake', 'o.n as outside_bets', 'o.s as outside_stake'])
    .executeTakeFirstOrThrow();
  return {
    bets: Number(row.bets) + Number(row.outside_bets),
    stakeCents: BigInt(row.stake) + BigInt(row.outside_stake),
  };
}

export async function outsideStakeKnown(trx: Db, reference: string): Promise<boolean> {
  const known = await trx
    .selectFrom('outside_stakes')
    .select('reference')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return known !== undefined;
}

export async function insertOutsideStake(
  trx: Db,
  s: { reference: string; userId: string; source: string; stakeCents: number; at: Date },
): Promise<void> {
  await trx
    .insertInto('outside_stakes')
    .values({
      reference: s.reference,
      user_id: s.userId,
      source: s.source,
      stake_cents: String(s.stakeCents),
      created_at: s.at,
    })
    .execute();
}

/** Stops counting an outside stake; true if this call released it. */
export async function releaseOutsideStake(db: Db, reference: string): Promise<boolean> {
  const res = await db
    .updateTable('outside_stakes')
    .set({ released: true })
    .where('reference', '=', reference)
    .where('released', '=', false)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
