import { Type } from '@bet/kit';
import { listRankings } from '../app/rankings';
import { route } from '../context';
import { errorReplies, Ranking } from './schemas';

export const listRankingsRoute = route('GET /api/v1/admin/rankings', (app, ctx) => {
  app.get(
    '/api/v1/admin/rankings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        response: { 200: Type.Object({ rankings: Type.Array(Ranking) }), ...errorReplies(401, 403) },
      },
    },
    async () => ({ rankings: await listRankings(ctx.db) }),
  );
});
