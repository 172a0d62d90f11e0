import { userStatsHistory } from '../app/queries';
import { route } from '../context';
import { UserStatsHistoryAnswer } from './answers';

export const userStatsHistoryRoute = route('GET /api/v1/users/stats/history', (app, ctx) => {
  app.get(
    '/api/v1/users/stats/history',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Net profit per UTC day, last 30 days: { history: [{ date, netProfit }] }',
        response: { 200: UserStatsHistoryAnswer },
      },
    },
    async (req) => userStatsHistory(ctx.db, req.user!.id),
  );
});
