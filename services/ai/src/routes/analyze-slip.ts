import { Type } from '@bet/kit';
import { analyzeSlip } from '../app/slip';
import { route } from '../context';
import { AI_BODY_LIMIT, asCaller, ProducedBy, rateLimited, SlipSelection } from './common';

export const analyzeSlipRoute = route('POST /api/v1/ai/analyze-slip', (app, ctx) => {
  app.post(
    '/api/v1/ai/analyze-slip',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        // more than 10 is refused with the slip's own words (in checkSelections), not a schema message
        body: Type.Object(
          {
            selections: Type.Array(SlipSelection, { maxItems: 50 }),
            /** beyond the spec: how the slip will be placed (default multi, the spec's analysis) */
            betType: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('multi')])),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ analysis: Type.String(), producedBy: ProducedBy }) },
      },
    },
    async (req) =>
      asCaller(ctx, req, () =>
        analyzeSlip(
          ctx,
          req.body.selections.map((s) => ({
            gameId: s.gameId,
            market: s.market,
            outcome: s.outcome,
            odds: Number(s.odds),
          })),
          req.body.betType,
        ),
      ),
  );
});
