import { type App, Type } from '@bet/kit';
import {
  highestOdds,
  type Period as PeriodName,
  topWinners,
  userStats,
  userStatsHistory,
} from '../app/queries';
import type { Ctx } from '../app/types';
import { Period } from './schemas';

export function registerBoardRoutes(app: App, ctx: Ctx) {
  const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));

  app.get(
    '/api/v1/leaderboards/winners',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          'Top winners by net profit: { period, leaderboard: [{ userDetails: { username }, netProfit }] }',
        querystring: Type.Object({ period: Type.Optional(Period), limit: Limit }),
      },
    },
    async (req) => {
      const period = (req.query.period ?? 'all-time') as PeriodName;
      return {
        period,
        leaderboard: await topWinners(ctx.db, period, req.query.limit ?? ctx.config.LEADERBOARD_SIZE),
      };
    },
  );

  app.get(
    '/api/v1/leaderboards/highest-odds',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Highest odds won, one row per player: { period, leaderboard: [{ username, odds }] }',
        querystring: Type.Object({ period: Type.Optional(Period), limit: Limit }),
      },
    },
    async (req) => {
      const period = (req.query.period ?? 'all-time') as PeriodName;
      return {
        period,
        leaderboard: await highestOdds(ctx.db, period, req.query.limit ?? ctx.config.LEADERBOARD_SIZE),
      };
    },
  );

  app.get(
    '/api/v1/users/stats',
    {
      config: { auth: 'user' },
      schema: { summary: 'Last 30 days: { betsWon, betsLost, winRate, netProfit }' },
    },
    async (req) => userStats(ctx.db, req.user!.id),
  );

  app.get(
    '/api/v1/users/stats/history',
    {
      config: { auth: 'user' },
      schema: { summary: 'Net profit per UTC day, last 30 days: { history: [{ date, netProfit }] }' },
    },
    async (req) => userStatsHistory(ctx.db, req.user!.id),
  );
}
