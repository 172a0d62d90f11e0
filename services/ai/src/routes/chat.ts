import { Type } from '@bet/kit';
import { chat } from '../app/chat';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, Id, OddsSchema, OutcomeSchema, ProducedBy, rateLimited } from './common';

const Message = Type.Object({
  role: Type.Union([Type.Literal('user'), Type.Literal('model')]),
  parts: Type.Array(Type.Object({ text: Type.String({ maxLength: 4000 }) }, { additionalProperties: true }), {
    maxItems: 10,
  }),
});

export const chatRoute = route('POST /api/v1/ai/chat', (app, ctx) => {
  app.post(
    '/api/v1/ai/chat',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object(
          {
            message: Type.String({ maxLength: 2000 }),
            history: Type.Optional(Type.Array(Message, { maxItems: 50 })),
            context: Type.Optional(Type.Unknown()),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            reply: Type.String(),
            betSlip: Type.Optional(
              Type.Object({
                gameId: Id,
                outcome: OutcomeSchema,
                gameDetails: Type.Object({ homeTeam: Type.String(), awayTeam: Type.String() }),
                oddsAtTimeOfBet: OddsSchema,
              }),
            ),
            producedBy: ProducedBy,
          }),
        },
      },
    },
    async (req) =>
      asCaller(ctx, req, () =>
        chat(ctx, {
          message: req.body.message,
          history: req.body.history ?? [],
          context: req.body.context,
          user: { id: req.user!.id, username: req.user!.username ?? null },
        }),
      ),
  );
});
