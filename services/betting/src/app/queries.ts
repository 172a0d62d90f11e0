import { centsToDollars, dateRange, dollarsToCents, pageCount } from '@bet/kit';
import { GameNotFoundError } from '../domain/errors';
import { exposureByMarket, type LiabilityLimit } from '../domain/risk';
import { DAY_MS, dayStart, monthStart, weekStart } from '../domain/week';
import { betHistoryPage, countOpenBets } from '../store/bets';
import { highestOddsRows, topWinnerRows, userDailyNet, userTotals } from '../store/boards';
import type { Db } from '../store/db';
import { loadGames } from '../store/games';
import { exposureByGame, exposureByOutcome, exposureKey, exposureOf, totalExposure } from '../store/risk';
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
  const { from, to } = dateRange(q.startDate, q.endDate);
  const { total, rows } = await betHistoryPage(db, userId, {
    statuses: q.status ? STATUS_FILTER[q.status] : undefined,
    from,
    to,
    sortColumn: SORT_COLUMN[q.sortBy ?? 'createdAt'],
    order: q.order ?? 'desc',
    limit,
    offset: (page - 1) * limit,
  });
  return {
    bets: await renderBets(db, rows),
    currentPage: page,
    totalPages: pageCount(total, limit),
  };
}

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
  const rows = await topWinnerRows(db, periodStart(period, now), size);
  return rows.map((r) => ({ userDetails: { username: r.username }, netProfit: centsToDollars(r.net) }));
}

/** The highest total odds of a winning bet, one row per player (their best). */
export async function highestOdds(db: Db, period: Period, size: number, now = new Date()) {
  const rows = await highestOddsRows(db, periodStart(period, now), size);
  return rows.map((r) => ({ username: r.username, odds: Number(r.odds) / 100 }));
}

const STATS_DAYS = 30;

/** The caller's last 30 days: bets won and lost (by settlement time), win rate %, net profit. */
export async function userStats(db: Db, userId: string, now = new Date()) {
  const from = new Date(now.getTime() - STATS_DAYS * DAY_MS);
  const row = await userTotals(db, userId, from);
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
  const rows = await userDailyNet(db, userId, first);
  const byDay = new Map(rows.map((r) => [r.day, r.net]));
  const history = [];
  for (let i = 0; i < STATS_DAYS; i++) {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    history.push({ date, netProfit: centsToDollars(byDay.get(date) ?? 0) });
  }
  return { history };
}

/** Exposure of one game: what pending bets touching it would pay, per outcome (multis count in full). */
export async function gameRisk(db: Db, gameId: string, maxLiabilityDollars?: number) {
  const games = await loadGames(db, [gameId]);
  const game = games.get(gameId);
  if (!game || game.home_team === '') throw new GameNotFoundError();
  const rows = await exposureByOutcome(db, gameId);
  const outcome = (o: 'A' | 'B' | 'Draw') => {
    // the spec's panel reads the 1X2 outcomes; the game's total counts every market
    const r = rows.find((x) => x.market === '1x2' && x.outcome === o);
    return {
      betCount: r ? Number(r.bets) : 0,
      totalStake: centsToDollars(r?.stake ?? 0),
      totalPotentialPayout: centsToDollars(r?.payout ?? 0),
    };
  };
  const total = rows.reduce((s, r) => s + BigInt(r.payout), 0n);
  // the liability limit as placement applies it: over bets pending or awaiting payment (betting-008)
  let limit: LiabilityLimit | undefined;
  if (maxLiabilityDollars !== undefined) {
    const held = await exposureOf(db, [gameId]);
    limit = {
      limitCents: dollarsToCents(maxLiabilityDollars),
      heldCents: (market, outcome) => held.get(exposureKey(gameId, market, outcome)) ?? 0n,
    };
  }
  // the spec's answer is "analysis" (spec 001 §7.1): its Risk Details panel reads it from there
  return {
    analysis: {
      gameId,
      gameDetails: { homeTeam: game.home_team, awayTeam: game.away_team, league: game.league },
      status: game.status,
      totalExposure: centsToDollars(total),
      outcomes: { A: outcome('A'), B: outcome('B'), Draw: outcome('Draw') },
      markets: exposureByMarket(rows, { home: game.home_team, away: game.away_team }, limit),
      ...(limit ? { liabilityLimit: centsToDollars(limit.limitCents) } : {}),
    },
  };
}

/** Platform exposure: every pending bet once, then per game (a multi counts toward each of its games). */
export async function riskOverview(db: Db, highRiskDollars: number, size = 10) {
  const threshold = dollarsToCents(Math.round(highRiskDollars * 100) / 100);
  const total = await totalExposure(db);
  const perGame = await exposureByGame(db);
  const top = perGame.slice(0, size);
  const games = await loadGames(
    db,
    top.map((g) => g.game_id),
  );
  return {
    totalExposure: centsToDollars(total),
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
export function openBets(db: Db, userId: string): Promise<number> {
  return countOpenBets(db, userId);
}
