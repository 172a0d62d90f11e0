import { Type } from '@bet/kit';
import { highestOdds } from '../app/queries';
import { route } from '../context';
import { HighestOddsAnswer } from './answers';
import { BoardLimit, Period } from './schemas';

export const leaderboardHighestOddsRoute = route('GET /api/v1/leaderboards/highest-odds', (app, ctx) => {
  app.get(
    '/api/v1/leaderboards/highest-odds',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Highest odds won, one row per player: { period, leaderboard: [{ username, odds }] }',
        querystring: Type.Object({ period: Type.Optional(Period), limit: BoardLimit }),
        response: { 200: HighestOddsAnswer },
      },
    },
    async (req) => {
      const period = req.query.period ?? 'all-time';
      return {
        period,
        leaderboard: await highestOdds(ctx.db, period, req.query.limit ?? ctx.config.LEADERBOARD_SIZE),
      };
    },
  );
});
