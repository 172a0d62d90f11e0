import { Type } from '@bet/kit';
import { analyzeGame } from '../app/games';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, Id, ProducedBy, rateLimited } from './common';

export const analyzeGameRoute = route('POST /api/v1/ai/analyze-game', (app, ctx) => {
  app.post(
    '/api/v1/ai/analyze-game',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object({ gameId: Id }, { additionalProperties: false }),
        response: { 200: Type.Object({ analysis: Type.String(), producedBy: ProducedBy }) },
      },
    },
    async (req) => asCaller(ctx, req, () => analyzeGame(ctx, req.body.gameId)),
  );
});
