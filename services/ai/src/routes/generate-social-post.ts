import { Type } from '@bet/kit';
import { generateSocialPost } from '../app/games';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, Id, ProducedBy, rateLimited } from './common';

export const generateSocialPostRoute = route('POST /api/v1/ai/generate-social-post', (app, ctx) => {
  app.post(
    '/api/v1/ai/generate-social-post',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'admin' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object({ gameId: Id }, { additionalProperties: false }),
        response: { 200: Type.Object({ post: Type.String(), producedBy: ProducedBy }) },
      },
    },
    async (req) => asCaller(ctx, req, () => generateSocialPost(ctx, req.body.gameId)),
  );
});
