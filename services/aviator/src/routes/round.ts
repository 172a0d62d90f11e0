import { Type } from '@bet/kit';
import { roundDetails } from '../app/views';
import { route } from '../context';
import { RoundDetailsAnswer } from './schemas';

export const roundRoute = route('GET /api/v1/aviator/rounds/:id', (app, ctx) => {
  app.get(
    '/api/v1/aviator/rounds/:id',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'One round: its commitment, and once crashed its hash, crash point and verify link',
        params: Type.Object({ id: Type.String() }),
        response: { 200: RoundDetailsAnswer },
      },
    },
    async (req) => roundDetails(ctx, req.params.id),
  );
});
