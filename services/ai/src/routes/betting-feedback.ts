import { Type } from '@bet/kit';
import { bettingFeedback } from '../app/player';
import { route } from '../context';
import { asCaller, ProducedBy, rateLimited } from './common';

export const bettingFeedbackRoute = route('GET /api/v1/ai/my-betting-feedback', (app, ctx) => {
  app.get(
    '/api/v1/ai/my-betting-feedback',
    {
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: { response: { 200: Type.Object({ feedback: Type.String(), producedBy: ProducedBy }) } },
    },
    async (req) => asCaller(ctx, req, () => bettingFeedback(ctx, req.user!.id)),
  );
});
