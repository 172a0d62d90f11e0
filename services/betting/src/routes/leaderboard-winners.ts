import { Type } from '@bet/kit';
import { topWinners } from '../app/queries';
import { route } from '../context';
import { WinnersAnswer } from './answers';
import { BoardLimit, Period } from './schemas';

export const leaderboardWinnersRoute = route('GET /api/v1/leaderboards/winners', (app, ctx) => {
  app.get(
    '/api/v1/leaderboards/winners',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          'Top winners by net profit: { period, leaderboard: [{ userDetails: { username }, netProfit }] }',
        querystring: Type.Object({ period: Type.Optional(Period), limit: BoardLimit }),
        response: { 200: WinnersAnswer },
      },
    },
    async (req) => {
      const period = req.query.period ?? 'all-time';
      return {
        period,
        leaderboard: await topWinners(ctx.db, period, req.query.limit ?? ctx.config.LEADERBOARD_SIZE),
      };
    },
  );
});
