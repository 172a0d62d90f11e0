import { badRequest, Type } from '@bet/kit';
import type { FastifyRequest } from 'fastify';
import { setResult } from '../app/results';
import { route } from '../context';
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

const REQUIRED = ['result', 'homeScore', 'awayScore'] as const;

/**
 * A result without its scores (or without the result) is answered with every missing field
 * named in one message, before the schema's check, which would name only the first.
 */
async function requireAllFields(req: FastifyRequest) {
  const body = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const missing = REQUIRED.filter((k) => (body as Record<string, unknown>)[k] === undefined);
  if (missing.length === 0) return;
  const named =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  throw badRequest(
    `Please enter ${named}: a result needs the result (A, B or Draw), homeScore and awayScore.`,
    missing.map((path) => ({ path, location: 'body' as const, msg: `${path} is required` })),
  );
}

export const setResultRoute = route('PATCH /api/v1/games/:id/result', (app, ctx) => {
  app.patch(
    '/api/v1/games/:id/result',
    {
      config: { auth: 'admin' },
      preValidation: requireAllFields,
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ResultBody,
        response: { 200: MsgGameAnswer, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (req) => setResult(ctx, actorOf(req), req.params.id, req.body),
  );
});
