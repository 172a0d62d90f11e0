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
  return (await weekUsages(trx, [userId], since)).get(userId) as WeekUsage;
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

/**
 * `weekUsage` of many users in one round trip (users with no bet count zero): it runs on every
 * placement, under the users' locks.
 */
export async function weekUsages(trx: Db, userIds: string[], since: Date): Promise<Map<string, WeekUsage>> {
  const usage = new Map<string, WeekUsage>(userIds.map((id) => [id, { bets: 0, stakeCents: 0n }]));
  if (userIds.length === 0) return usage;
  const { rows } = await sql<{ user_id: string; n: string; s: string }>`
    select user_id, sum(n) as n, sum(s) as s from (
      select user_id, count(*) as n, coalesce(sum(stake_cents), 0) as s from bets
      where user_id in (${sql.join(userIds)}) and created_at >= ${since} and status != 'rejected'
      group by user_id
      union all
      select user_id, count(*) as n, coalesce(sum(stake_cents), 0) as s from outside_stakes
      where user_id in (${sql.join(userIds)}) and created_at >= ${since} and released = false
      group by user_id
    ) u group by user_id`.execute(trx);
  for (const r of rows) usage.set(r.user_id, { bets: Number(r.n), stakeCents: BigInt(r.s) });
  return usage;
}
