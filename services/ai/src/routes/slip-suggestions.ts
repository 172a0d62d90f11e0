import { Type } from '@bet/kit';
import { slipSuggestions } from '../app/slip';
import { route } from '../context';
import {
  AI_BODY_LIMIT,
  asCaller,
  Id,
  OddsValue,
  OutcomeSchema,
  ProducedBy,
  rateLimited,
  SlipSelection,
} from './common';

export const slipSuggestionsRoute = route('POST /api/v1/ai/slip-suggestions', (app, ctx) => {
  app.post(
    '/api/v1/ai/slip-suggestions',
    {
      bodyLimit: AI_BODY_LIMIT,
      config: { auth: 'user' },
      preHandler: rateLimited(ctx),
      schema: {
        body: Type.Object(
          {
            selections: Type.Array(SlipSelection, { maxItems: 50 }),
            totalOdds: Type.Optional(OddsValue),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            combinationSuggestions: Type.Array(
              Type.Object({
                gameId: Id,
                gameDetails: Type.Object({ homeTeam: Type.String(), awayTeam: Type.String() }),
                outcome: OutcomeSchema,
                odds: Type.Number(),
                justification: Type.String(),
              }),
            ),
            alternativeBet: Type.Object({ explanation: Type.String() }),
            producedBy: ProducedBy,
          }),
        },
      },
    },
    async (req) =>
      asCaller(ctx, req, () =>
        slipSuggestions(
          ctx,
          req.body.selections.map((s) => ({
            gameId: s.gameId,
            market: s.market,
            outcome: s.outcome,
            odds: Number(s.odds),
          })),
        ),
      ),
  );
});
