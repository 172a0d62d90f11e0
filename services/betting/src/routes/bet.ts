import { betForViewer } from '../app/views';
import { route } from '../context';
import { OneBetAnswer } from './answers';
import { IdParams } from './schemas';

export const betRoute = route('GET /api/v1/bets/:id', (app, ctx) => {
  app.get(
    '/api/v1/bets/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'One bet (its owner or an admin)',
        params: IdParams,
        response: { 200: OneBetAnswer },
      },
    },
    async (req) => ({ bet: await betForViewer(ctx.db, req.params.id, req.user!) }),
  );
});
