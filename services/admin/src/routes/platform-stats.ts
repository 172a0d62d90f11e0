import { Type } from '@bet/kit';
import { platformStats } from '../app/stats';
import { route } from '../context';

export const platformStatsRoute = route('GET /api/v1/admin/stats/platform', (app, ctx) => {
  app.get(
    '/api/v1/admin/stats/platform',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Platform overview: users (not closed), bets ever placed, games in the catalogue, upcoming games. From read models.',
        response: {
          200: Type.Object({
            totalUsers: Type.Integer(),
            totalBets: Type.Integer(),
            totalGames: Type.Integer(),
            upcomingGames: Type.Integer(),
          }),
        },
      },
    },
    async () => platformStats(ctx.db),
  );
});
