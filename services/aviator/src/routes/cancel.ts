import { Type } from '@bet/kit';
import { cancelBet } from '../app/boarding';
import { route } from '../context';
import { CancelledAnswer } from './schemas';

export const cancelRoute = route('POST /api/v1/aviator/cancel', (app, ctx) => {
  app.post(
    '/api/v1/aviator/cancel',
    {
      config: { auth: 'user' },
      schema: {
        summary:
          "Cancel the caller's bet on { panel } for the round that has not started (held for the next round, or open for betting): the stake comes back",
        body: Type.Object(
          { panel: Type.Union([Type.Literal(1), Type.Literal(2)]) },
          { additionalProperties: false },
        ),
        response: { 200: CancelledAnswer },
      },
    },
    async (req) => cancelBet(ctx, req.user!.id, req.body.panel),
  );
});
