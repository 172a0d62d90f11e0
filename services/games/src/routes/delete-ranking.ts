import { deleteRanking } from '../app/rankings';
import { route } from '../context';
import { errorReplies, MsgAnswer } from './answers';
import { actorOf, IdParams } from './schemas';

export const deleteRankingRoute = route('DELETE /api/v1/admin/rankings/:id', (app, ctx) => {
  app.delete(
    '/api/v1/admin/rankings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: MsgAnswer, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await deleteRanking(ctx, actorOf(req), req.params.id);
      return { msg: 'Ranking deleted successfully!' };
    },
  );
});
