import { gameDetails } from '../app/games';
import { route } from '../context';
import { DetailsAnswer, errorReplies } from './answers';
import { IdParams } from './schemas';

export const gameDetailsRoute = route('GET /api/v1/games/:id/details', (app, ctx) => {
  app.get(
    '/api/v1/games/:id/details',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        params: IdParams,
        response: { 200: DetailsAnswer, ...errorReplies(400, 404) },
      },
    },
    async (req) => gameDetails(ctx.db, req.params.id),
  );
});
