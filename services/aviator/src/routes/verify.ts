import { Type } from '@bet/kit';
import { verifyRound } from '../app/views';
import { route } from '../context';
import { VerifyAnswer } from './schemas';

export const verifyRoute = route('GET /api/v1/aviator/rounds/:id/verify', (app, ctx) => {
  app.get(
    '/api/v1/aviator/rounds/:id/verify',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          "A crashed round recomputed: its hash links to the previous round's, and gives its crash point",
        params: Type.Object({ id: Type.String() }),
        response: { 200: VerifyAnswer },
      },
    },
    async (req) => verifyRound(ctx, req.params.id),
  );
});
