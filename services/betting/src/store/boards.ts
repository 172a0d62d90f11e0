import { sql } from 'kysely';
import type { Db } from './db';

/** the states of a bet that is over */
const FINAL = ['won', 'lost', 'cancelled', 'cashed_out'] as const;

/** Net profit (payouts − stakes of finished bets) per player in profit since `from`, best first. */
export function topWinnerRows(db: Db, from: Date | undefined, size: number) {
  let q = db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select(['users.username', sql<string>`sum(bets.payout_cents - bets.stake_cents)`.as('net')])
    .where('bets.status', 'in', FINAL)
    .where('users.deleted', '=', false);
  if (from) q = q.where('bets.settled_at', '>=', from);
  return q
    .groupBy(['users.id', 'users.username'])
    .having(sql`sum(bets.payout_cents - bets.stake_cents)`, '>', 0)
    .orderBy(sql`sum(bets.payout_cents - bets.stake_cents)`, 'desc')
    .orderBy('users.username')
    .limit(size)
    .execute();
}

/** The highest total odds (hundredths) of a winning bet since `from`, one row per player (their best). */
export async function highestOddsRows(db: Db, from: Date | undefined, size: number) {
  const rows = await sql<{ username: string; odds: number }>`
    select username, odds from (
      select distinct on (b.user_id) u.username, b.total_odds as odds, b.settled_at
      from bets b join users u on u.id = b.user_id
      where b.status = 'won' and not u.deleted ${from ? sql`and b.settled_at >= ${from}` : sql``}
      order by b.user_id, b.total_odds desc, b.settled_at) best
    order by odds desc, settled_at, username
    limit ${size}`.execute(db);
  return rows.rows;
}

/** A user's bets won and lost and net profit (cents), by settlement time since `from`. */
export function userTotals(db: Db, userId: string, from: Date) {
  return db
    .selectFrom('bets')
    .select([
      sql<string>`count(*) filter (where status = 'won')`.as('won'),
      sql<string>`count(*) filter (where status = 'lost')`.as('lost'),
      sql<string>`coalesce(sum(payout_cents - stake_cents), 0)`.as('net'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', FINAL)
    .where('settled_at', '>=', from)
    .executeTakeFirstOrThrow();
}

/** A user's net profit (cents) per UTC day ('YYYY-MM-DD') since `from`; quiet days are absent. */
export function userDailyNet(db: Db, userId: string, from: Date) {
  return db
    .selectFrom('bets')
    .select([
      sql<string>`to_char(settled_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(payout_cents - stake_cents)`.as('net'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', FINAL)
    .where('settled_at', '>=', from)
    .groupBy(sql`1`)
    .execute();
}
