import { Type } from '@bet/kit';
import { gameSearch } from '../app/games';
import { route } from '../context';
import { AI_BODY_LIMIT, GamesAnswer, rateLimited } from './common';

export const gameSearchRoute = route('POST /api/v1/ai/game-search', (app, ctx) => {
  app.post(
    '/api/v1/ai/game-search',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'optional' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object({ query: Type.String({ maxLength: 300 }) }, { additionalProperties: false }),
        response: { 200: GamesAnswer },
      },
    },
    async (req) => gameSearch(ctx, req.body.query),
  );
});
