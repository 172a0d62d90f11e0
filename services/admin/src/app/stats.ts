import { centsToDollars } from '@bet/kit';
import type { DB } from '../context';
import { dailyFigures, dayOf, daysBetween, moneyFigures } from '../domain/figures';
import { countBets } from '../store/bets';
import { gameCounts } from '../store/games';
import { dailyActive, dailyTotals, totalsByType } from '../store/ledger';
import { countUsers } from '../store/users';

export async function platformStats(db: DB) {
  const [totalUsers, totalBets, games] = await Promise.all([countUsers(db), countBets(db), gameCounts(db)]);
  return { totalUsers, totalBets, totalGames: games.total, upcomingGames: games.upcoming };
}

export async function financialStats(db: DB) {
  const f = moneyFigures(await totalsByType(db));
  return {
    totalStakes: { amount: centsToDollars(f.stakesCents) },
    totalPayoutsToUsers: { amount: centsToDollars(f.payoutsCents) },
    platformRevenue: { amount: centsToDollars(f.revenueCents) },
  };
}

/** The dashboard's charts: stakes, payouts, revenue and active users per UTC day. */
export async function figuresOverTime(db: DB, range: { from: Date; to: Date }) {
  const from = dayOf(range.from);
  const to = dayOf(range.to);
  const days = daysBetween(from, to);
  const [totals, active] = await Promise.all([dailyTotals(db, from, to), dailyActive(db, from, to)]);
  return {
    days: dailyFigures(days, totals, active).map((d) => ({
      date: d.day,
      stakes: centsToDollars(d.stakesCents),
      payouts: centsToDollars(d.payoutsCents),
      revenue: centsToDollars(d.revenueCents),
      activeUsers: d.activeUsers,
    })),
  };
}
