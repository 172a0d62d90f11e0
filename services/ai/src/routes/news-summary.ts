import { Type } from '@bet/kit';
import { newsSummary } from '../app/news';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, ProducedBy, rateLimited } from './common';

export const newsSummaryRoute = route('POST /api/v1/ai/news-summary', (app, ctx) => {
  app.post(
    '/api/v1/ai/news-summary',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object({ topic: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ summary: Type.String(), producedBy: ProducedBy }) },
      },
    },
    async (req) => asCaller(ctx, req, () => newsSummary(ctx, req.body.topic)),
  );
});
