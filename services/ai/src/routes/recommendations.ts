import { recommendations } from '../app/games';
import { route } from '../context';
import { GamesAnswer, rateLimited } from './common';

export const recommendationsRoute = route('GET /api/v1/ai/recommendations', (app, ctx) => {
  app.get(
    '/api/v1/ai/recommendations',
    { config: { auth: 'user' }, preHandler: rateLimited(ctx), schema: { response: { 200: GamesAnswer } } },
    async () => recommendations(ctx),
  );
});
