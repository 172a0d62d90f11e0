import { Type } from '@bet/kit';
import { betHistory } from '../app/queries';
import { route } from '../context';
import { BetPageAnswer } from './answers';
import { BetStatusFilter, HistoryQuerySchema } from './schemas';

export const myBetsRoute = route('GET /api/v1/bets', (app, ctx) => {
  app.get(
    '/api/v1/bets',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The caller's bets: { bets, currentPage, totalPages }",
        querystring: Type.Object({ ...HistoryQuerySchema, status: Type.Optional(BetStatusFilter) }),
        response: { 200: BetPageAnswer },
      },
    },
    async (req) => betHistory(ctx.db, req.user!.id, req.query),
  );
});
