import { gameMarketsOf } from '../app/games';
import { route } from '../context';
import { errorReplies, MarketsAnswer } from './answers';
import { IdParams } from './schemas';

export const gameMarketsRoute = route('GET /api/v1/games/:id/markets', (app, ctx) => {
  app.get(
    '/api/v1/games/:id/markets',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        params: IdParams,
        response: { 200: MarketsAnswer, ...errorReplies(400, 404) },
      },
    },
    async (req) => gameMarketsOf(ctx, req.params.id),
  );
});
