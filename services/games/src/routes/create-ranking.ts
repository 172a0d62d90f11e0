import { Type } from '@bet/kit';
import { createRanking } from '../app/rankings';
import { route } from '../context';
import { errorReplies, MsgRankingAnswer } from './answers';
import { actorOf } from './schemas';

const CreateRanking = Type.Object(
  {
    teamName: Type.String({ minLength: 1, maxLength: 100 }),
    ranking: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const createRankingRoute = route('POST /api/v1/admin/rankings', (app, ctx) => {
  app.post(
    '/api/v1/admin/rankings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        body: CreateRanking,
        response: { 201: MsgRankingAnswer, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const ranking = await createRanking(ctx, actorOf(req), req.body);
      return reply.status(201).send({ msg: 'Ranking created successfully!', ranking });
    },
  );
});
