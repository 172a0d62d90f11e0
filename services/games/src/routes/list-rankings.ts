import { listRankings } from '../app/rankings';
import { route } from '../context';
import { errorReplies, RankingsAnswer } from './answers';

export const listRankingsRoute = route('GET /api/v1/admin/rankings', (app, ctx) => {
  app.get(
    '/api/v1/admin/rankings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        response: { 200: RankingsAnswer, ...errorReplies(401, 403) },
      },
    },
    async () => ({ rankings: await listRankings(ctx.db) }),
  );
});
