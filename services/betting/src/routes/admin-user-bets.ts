import { Type } from '@bet/kit';
import { betHistory } from '../app/queries';
import { route } from '../context';
import { BetPageAnswer } from './answers';
import { BetStatusFilter, HistoryQuerySchema, IdParams } from './schemas';

export const adminUserBetsRoute = route('GET /api/v1/admin/users/:id/bets', (app, ctx) => {
  app.get(
    '/api/v1/admin/users/:id/bets',
    {
      config: { auth: 'admin' },
      schema: {
        summary: "A user's bets for the admin user-details page: { bets, currentPage, totalPages }",
        params: IdParams,
        querystring: Type.Object({
          ...HistoryQuerySchema,
          betStatus: Type.Optional(BetStatusFilter),
          status: Type.Optional(BetStatusFilter),
        }),
        response: { 200: BetPageAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      return betHistory(ctx.db, req.params.id, { ...q, status: q.betStatus ?? q.status });
    },
  );
});
