import { Type } from '@bet/kit';
import { personalizedNews } from '../app/player';
import { route } from '../context';
import { asCaller, rateLimited } from './common';

export const personalizedNewsRoute = route('GET /api/v1/ai/personalized-news', (app, ctx) => {
  app.get(
    '/api/v1/ai/personalized-news',
    {
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        response: {
          200: Type.Object({
            news: Type.Array(Type.Object({ team: Type.String(), summary: Type.String() })),
          }),
        },
      },
    },
    async (req) => asCaller(ctx, req, () => personalizedNews(ctx, req.user!.id)),
  );
});
