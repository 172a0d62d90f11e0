import { Type } from '@bet/kit';
import { setResult } from '../app/games';
import { route } from '../context';
import type { Outcome } from '../domain/game';
import { errorReplies, MsgGameAnswer } from './answers';
import { actorOf, IdParams, OUTCOMES, StringEnum } from './schemas';

const ResultBody = Type.Object(
  {
    result: StringEnum(OUTCOMES),
    homeScore: Type.Integer({ minimum: 0, maximum: 99 }),
    awayScore: Type.Integer({ minimum: 0, maximum: 99 }),
    /** an admin's explicit correction of a game that already has a result */
    correction: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const setResultRoute = route('PATCH /api/v1/games/:id/result', (app, ctx) => {
  app.patch(
    '/api/v1/games/:id/result',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ResultBody,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) =>
      setResult(ctx, actorOf(req), req.params.id, { ...req.body, result: req.body.result as Outcome }),
  );
});
