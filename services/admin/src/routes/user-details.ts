import { badRequest, dateRange, Type } from '@bet/kit';
import { userDetails } from '../app/user-details';
import { route } from '../context';
import { betStatusFilter, isTxFilter, txFilter } from '../domain/statement';
import { IdParams, UserDetails } from './schemas';

export const userDetailsRoute = route('GET /api/v1/admin/users/:id/details', (app, ctx) => {
  app.get(
    '/api/v1/admin/users/:id/details',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "One user for the admin: profile with walletBalance, isOnline, lastSeen; the wallet's lines (txType All, Bet, Win, Top-up, Withdrawal) and the bets (betStatus All, pending, won, lost, cancelled), both filtered by startDate/endDate and sorted by createdAt; at most `limit` of each (default 500).",
        params: IdParams,
        querystring: Type.Object({
          txType: Type.Optional(Type.String({ maxLength: 20 })),
          betStatus: Type.Optional(Type.String({ maxLength: 20 })),
          sortBy: Type.Union([Type.Literal('createdAt'), Type.Literal('')], { default: 'createdAt' }),
          order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
          startDate: Type.Optional(Type.String({ maxLength: 40 })),
          endDate: Type.Optional(Type.String({ maxLength: 40 })),
          limit: Type.Integer({ minimum: 1, maximum: 2000, default: 500 }),
        }),
        response: { 200: UserDetails },
      },
    },
    async (req) => {
      const q = req.query;
      if (!isTxFilter(q.txType))
        throw badRequest('txType must be one of All, Bet, Win, Top-up, Withdrawal', [
          {
            path: 'txType',
            location: 'query',
            msg: 'txType must be one of All, Bet, Win, Top-up, Withdrawal',
          },
        ]);
      const betStatus = betStatusFilter(q.betStatus);
      if (betStatus === null)
        throw badRequest('betStatus must be one of All, pending, won, lost, cancelled', [
          {
            path: 'betStatus',
            location: 'query',
            msg: 'betStatus must be one of All, pending, won, lost, cancelled',
          },
        ]);
      const { from, to } = dateRange(q.startDate, q.endDate);
      return userDetails(ctx, req.params.id, {
        txType: txFilter(q.txType),
        betStatus,
        order: q.order,
        from,
        to,
        limit: q.limit,
      });
    },
  );
});
