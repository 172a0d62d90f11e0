import { Type } from '@bet/kit';
import { updateRanking } from '../app/rankings';
import { route } from '../context';
import { errorReplies, MsgRankingAnswer } from './answers';
import { actorOf, IdParams } from './schemas';

const UpdateRanking = Type.Object(
  {
    ranking: Type.Integer({ minimum: 1, maximum: 100 }),
    /** accepted only unchanged: the team of a ranking is fixed once created */
    teamName: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const updateRankingRoute = route('PATCH /api/v1/admin/rankings/:id', (app, ctx) => {
  app.patch(
    '/api/v1/admin/rankings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: UpdateRanking,
        response: { 200: MsgRankingAnswer, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      msg: 'Ranking updated successfully!',
      ranking: await updateRanking(ctx, actorOf(req), req.params.id, req.body),
    }),
  );
});
