import { centsToDollars, recordEvents } from '@bet/kit';
import { AdminFiguresChanged } from '@bet/proto-events';
import type { AppContext, DB } from '../context';
import { cashFigures, dailyFigures, dayOf, daysBetween, moneyFigures } from '../domain/figures';
import { countBets } from '../store/bets';
import { gameCounts } from '../store/games';
import { dailyActive, dailyTotals, totalsByType } from '../store/ledger';
import { countUsers } from '../store/users';

export async function platformStats(db: DB) {
  const [totalUsers, totalBets, games] = await Promise.all([countUsers(db), countBets(db), gameCounts(db)]);
  return { totalUsers, totalBets, totalGames: games.active, upcomingGames: games.upcoming };
}

export async function financialStats(db: DB) {
  const totals = await totalsByType(db);
  const f = moneyFigures(totals);
  const c = cashFigures(totals);
  return {
    totalStakes: { amount: centsToDollars(f.stakesCents) },
    totalPayoutsToUsers: { amount: centsToDollars(f.payoutsCents) },
    platformRevenue: { amount: centsToDollars(f.revenueCents) },
    totalDeposits: { amount: centsToDollars(c.depositsCents) },
    totalWithdrawals: { amount: centsToDollars(c.withdrawalsCents) },
    aviatorRevenue: { amount: centsToDollars(c.aviatorRevenueCents) },
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

/**
 * Reads the dashboard's figures and announces them (admin.figures_changed, through the
 * outbox) when they differ from the last ones this replica announced.
 */
export async function announceFigures(ctx: AppContext): Promise<boolean> {
  const [stats, financial] = await Promise.all([platformStats(ctx.db), financialStats(ctx.db)]);
  const key = JSON.stringify([stats, financial]);
  if (key === ctx.lastFigures.value) return false;
  await ctx.tx((trx) =>
    recordEvents(trx, AdminFiguresChanged, [{ data: { stats, financial, at: new Date().toISOString() } }]),
  );
  ctx.lastFigures.value = key;
  return true;
}
