import { badRequest, centsToDollars, dollarsToCents, notFound } from '@bet/kit';
import { sql } from 'kysely';
import { DAY_MS, dayStart, monthStart, weekStart } from '../domain/week';
import { type Db, gameSummary, loadGames } from './types';
import { renderBets } from './views';

export type BetState = 'pending' | 'won' | 'lost' | 'cancelled' | 'cashed_out';
/** a bet state, or `settled`: every bet that is no longer pending (My Bets' Settled tab) */
export type HistoryStatus = BetState | 'settled';
export type SortBy = 'createdAt' | 'stake' | 'payout' | 'totalOdds';

export interface HistoryQuery {
  page?: number;
  limit?: number;
  status?: HistoryStatus;
  sortBy?: SortBy;
  order?: 'asc' | 'desc';
  startDate?: string;
  endDate?: string;
}

const SORT_COLUMN = {
  createdAt: 'created_at',
  stake: 'stake_cents',
  payout: 'payout_cents',
  totalOdds: 'total_odds',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('+010000-01-01T00:00:00.000Z');

/** A date filter bound: a calendar date (UTC) or an instant; an end date covers its whole day. */
export function parseDateBound(value: string | undefined, name: string, end: boolean): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const t = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  // years 1..9999: JavaScript parses dates Postgres cannot store
  if (!(t >= FIRST_MS && t < LAST_MS))
    throw badRequest(`${name} must be a valid date`, [
      { path: name, location: 'query', msg: `${name} must be a valid date` },
    ]);
  return new Date(end && DATE_ONLY.test(value) ? t + DAY_MS : t);
}

/**
 * What each status filter selects: the spec's `won` also selects cash-outs (they answer
 * `won` with `cashedOut: true`); `cashed_out` stays as a narrower filter of our own.
 */
const STATUS_FILTER: Record<HistoryStatus, BetState[]> = {
  settled: ['won', 'lost', 'cancelled', 'cashed_out'],
  pending: ['pending'],
  won: ['won', 'cashed_out'],
  lost: ['lost'],
  cancelled: ['cancelled'],
  cashed_out: ['cashed_out'],
};

/** A user's bets, newest first by default; bets that never got paid for are not shown. */
export async function betHistory(db: Db, userId: string, q: HistoryQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 12;
  const from = parseDateBound(q.startDate, 'startDate', false);
  const to = parseDateBound(q.endDate, 'endDate', true);
  let base = db
    .selectFrom('bets')
    .where('user_id', '=', userId)
    .where('status', 'not in', ['pending_payment', 'rejected']);
  if (q.status) base = base.where('status', 'in', STATUS_FILTER[q.status]);
  if (from) base = base.where('created_at', '>=', from);
  if (to)
    base = base.where(
      q.endDate && DATE_ONLY.test(q.endDate)
        ? sql<boolean>`created_at < ${to}`
        : sql<boolean>`created_at <= ${to}`,
    );
  const { total } = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const order = q.order ?? 'desc';
  const rows = await base
    .selectAll()
    .orderBy(SORT_COLUMN[q.sortBy ?? 'createdAt'], order)
    .orderBy('id', order)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    bets: await renderBets(db, rows),
    currentPage: page,
    totalPages: Math.ceil(Number(total) / limit),
  };
}

const FINAL = ['won', 'lost', 'cancelled', 'cashed_out'] as const;

export type Period = 'all-time' | 'monthly' | 'weekly';

export function periodStart(period: Period, now: Date): Date | undefined {
  if (period === 'weekly') return weekStart(now);
  if (period === 'monthly') return monthStart(now);
  return undefined;
}

/**
 * Top winners by net profit (payouts − stakes of settled bets; a refund or cash-out
 * counts what came back) over the period, only players in profit, usernames only.
 */
export async function topWinners(db: Db, period: Period, size: number, now = new Date()) {
  const from = periodStart(period, now);
  let q = db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select(['users.username', sql<string>`sum(bets.payout_cents - bets.stake_cents)`.as('net')])
    .where('bets.status', 'in', FINAL)
    .where('users.deleted', '=', false);
  if (from) q = q.where('bets.settled_at', '>=', from);
  const rows = await q
    .groupBy(['users.id', 'users.username'])
    .having(sql`sum(bets.payout_cents - bets.stake_cents)`, '>', 0)
    .orderBy(sql`sum(bets.payout_cents - bets.stake_cents)`, 'desc')
    .orderBy('users.username')
    .limit(size)
    .execute();
  return rows.map((r) => ({ userDetails: { username: r.username }, netProfit: centsToDollars(r.net) }));
}

/** The highest total odds of a winning bet, one row per player (their best). */
export async function highestOdds(db: Db, period: Period, size: number, now = new Date()) {
  const from = periodStart(period, now);
  const rows = await sql<{ username: string; odds: number }>`
    select username, odds from (
      select distinct on (b.user_id) u.username, b.total_odds as odds, b.settled_at
      from bets b join users u on u.id = b.user_id
      where b.status = 'won' and not u.deleted ${from ? sql`and b.settled_at >= ${from}` : sql``}
      order by b.user_id, b.total_odds desc, b.settled_at) best
    order by odds desc, settled_at, username
    limit ${size}`.execute(db);
  return rows.rows.map((r) => ({ username: r.username, odds: Number(r.odds) / 100 }));
}

const STATS_DAYS = 30;

/** The caller's last 30 days: bets won and lost (by settlement time), win rate %, net profit. */
export async function userStats(db: Db, userId: string, now = new Date()) {
  const from = new Date(now.getTime() - STATS_DAYS * DAY_MS);
  const row = await db
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
  const won = Number(row.won);
  const lost = Number(row.lost);
  return {
    betsWon: won,
    betsLost: lost,
    winRate: won + lost === 0 ? 0 : Math.round((won / (won + lost)) * 10_000) / 100,
    netProfit: centsToDollars(row.net),
  };
}

/** Net profit per UTC day over the last 30 days, oldest first, every day present (0 when quiet). */
export async function userStatsHistory(db: Db, userId: string, now = new Date()) {
  const first = new Date(dayStart(now).getTime() - (STATS_DAYS - 1) * DAY_MS);
  const rows = await db
    .selectFrom('bets')
    .select([
      sql<string>`to_char(settled_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`sum(payout_cents - stake_cents)`.as('net'),
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', FINAL)
    .where('settled_at', '>=', first)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r.net]));
  const history = [];
  for (let i = 0; i < STATS_DAYS; i++) {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    history.push({ date, netProfit: centsToDollars(byDay.get(date) ?? 0) });
  }
  return { history };
}

/** Exposure of one game: what pending bets touching it would pay, per outcome (multis count in full). */
export async function gameRisk(db: Db, gameId: string) {
  const games = await loadGames(db, [gameId]);
  const game = games.get(gameId);
  if (!game || game.home_team === '') throw notFound('Game not found');
  const rows = await db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select([
      'selections.outcome',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(bets.stake_cents)`.as('stake'),
      sql<string>`sum(bets.potential_payout_cents)`.as('payout'),
    ])
    .where('selections.game_id', '=', gameId)
    .where('bets.status', '=', 'pending')
    .groupBy('selections.outcome')
    .execute();
  const outcome = (o: 'A' | 'B' | 'Draw') => {
    const r = rows.find((x) => x.outcome === o);
    return {
      betCount: r ? Number(r.bets) : 0,
      totalStake: centsToDollars(r?.stake ?? 0),
      totalPotentialPayout: centsToDollars(r?.payout ?? 0),
    };
  };
  const total = rows.reduce((s, r) => s + BigInt(r.payout), 0n);
  // the spec's answer is "analysis" (spec 001 §7.1): its Risk Details panel reads it from there
  return {
    analysis: {
      gameId,
      gameDetails: { homeTeam: game.home_team, awayTeam: game.away_team, league: game.league },
      status: game.status,
      totalExposure: centsToDollars(total),
      outcomes: { A: outcome('A'), B: outcome('B'), Draw: outcome('Draw') },
    },
  };
}

/** Platform exposure: every pending bet once, then per game (a multi counts toward each of its games). */
export async function riskOverview(db: Db, highRiskDollars: number, size = 10) {
  const threshold = dollarsToCents(Math.round(highRiskDollars * 100) / 100);
  const total = await db
    .selectFrom('bets')
    .select(sql<string>`coalesce(sum(potential_payout_cents), 0)`.as('total'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const perGame = await db
    .selectFrom('selections')
    .innerJoin('bets', 'bets.id', 'selections.bet_id')
    .select(['selections.game_id', sql<string>`sum(bets.potential_payout_cents)`.as('payout')])
    .where('bets.status', '=', 'pending')
    .groupBy('selections.game_id')
    .orderBy(sql`sum(bets.potential_payout_cents)`, 'desc')
    .orderBy('selections.game_id')
    .execute();
  const top = perGame.slice(0, size);
  const games = await loadGames(
    db,
    top.map((g) => g.game_id),
  );
  return {
    totalExposure: centsToDollars(total.total),
    highRiskGamesCount: perGame.filter((g) => BigInt(g.payout) > threshold).length,
    highRiskThreshold: centsToDollars(threshold),
    topExposedGames: top.map((g) => {
      const row = games.get(g.game_id);
      return {
        // the spec's Game is `_id` (its View Details, Adjust Odds and Cancel use it); gameId stays for our web
        _id: g.game_id,
        gameId: g.game_id,
        gameDetails: row ? { homeTeam: row.home_team, awayTeam: row.away_team, league: row.league } : null,
        status: row?.status ?? null,
        totalPotentialPayout: centsToDollars(g.payout),
        isHighRisk: BigInt(g.payout) > threshold,
        odds: row
          ? { home: row.odds_home / 100, draw: row.odds_draw / 100, away: row.odds_away / 100 }
          : null,
      };
    }),
  };
}

/** How many of a user's bets are not finished (identity asks before closing an account). */
export async function openBets(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending_payment', 'pending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export { gameSummary };
