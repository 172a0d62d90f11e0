import { Type } from '@bet/kit';
import { history } from '../app/views';
import { route } from '../context';
import { HistoryAnswer } from './schemas';

export const historyRoute = route('GET /api/v1/aviator/history', (app, ctx) => {
  app.get(
    '/api/v1/aviator/history',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Crashed rounds, newest first: { rounds: [{ roundId, roundNumber, crashPoint, hash, … }] }',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          before: Type.Optional(Type.Integer({ minimum: 1, description: 'round number to page back from' })),
        }),
        response: { 200: HistoryAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      return history(ctx, q.limit ?? 20, q.before);
    },
  );
});
