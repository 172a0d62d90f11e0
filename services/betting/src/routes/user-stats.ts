import { userStats } from '../app/queries';
import { route } from '../context';

export const userStatsRoute = route('GET /api/v1/users/stats', (app, ctx) => {
  app.get(
    '/api/v1/users/stats',
    {
      config: { auth: 'user' },
      schema: { summary: 'Last 30 days: { betsWon, betsLost, winRate, netProfit }' },
    },
    async (req) => userStats(ctx.db, req.user!.id),
  );
});
