import { userStats } from '../app/queries';
import { route } from '../context';
import { UserStatsAnswer } from './answers';

export const userStatsRoute = route('GET /api/v1/users/stats', (app, ctx) => {
  app.get(
    '/api/v1/users/stats',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Last 30 days: { betsWon, betsLost, winRate, netProfit }',
        response: { 200: UserStatsAnswer },
      },
    },
    async (req) => userStats(ctx.db, req.user!.id),
  );
});
