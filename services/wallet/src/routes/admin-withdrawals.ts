import { Type } from '@bet/kit';
import { withdrawalQueue } from '../app/withdrawals';
import { route } from '../context';
import { WITHDRAWAL_STATUSES } from '../domain/withdrawals';
import { WithdrawalAnswer } from './answers';
import { withdrawalJson } from './edge';

export const adminWithdrawalsRoute = route('GET /api/v1/admin/withdrawals', (app, ctx) => {
  app.get(
    '/api/v1/admin/withdrawals',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'The withdrawal requests with one status, as a bare array of Withdrawal requests.',
        querystring: Type.Object({
          status: Type.Union(
            WITHDRAWAL_STATUSES.map((s) => Type.Literal(s)),
            { default: 'pending' },
          ),
          limit: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
        }),
        response: { 200: Type.Array(WithdrawalAnswer) },
      },
    },
    async (req) => {
      const rows = await withdrawalQueue(ctx, req.query.status, req.query.limit);
      // a bare array: the spec's screen maps over the answer itself (spec 001 §7.1)
      return rows.map(withdrawalJson);
    },
  );
});
