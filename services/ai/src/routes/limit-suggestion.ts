import { Type } from '@bet/kit';
import { limitSuggestion } from '../app/player';
import { route } from '../context';
import { asCaller, ProducedBy, rateLimited } from './common';

export const limitSuggestionRoute = route('GET /api/v1/ai/limit-suggestion', (app, ctx) => {
  app.get(
    '/api/v1/ai/limit-suggestion',
    {
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        response: {
          200: Type.Object({
            suggestion: Type.String(),
            suggestedLimits: Type.Object({ betCount: Type.Integer(), stakeAmount: Type.Number() }),
            producedBy: ProducedBy,
          }),
        },
      },
    },
    async (req) => asCaller(ctx, req, () => limitSuggestion(ctx, req.user!.id)),
  );
});
