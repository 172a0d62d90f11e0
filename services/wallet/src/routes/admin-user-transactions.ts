import { centsToDollars, dateRange, pageCount, Type } from '@bet/kit';
import { TX_GROUPS } from '@bet/proto-events';
import { balanceOf, statementOf } from '../app/statements';
import { route } from '../context';
import { typesForFilter, USER_TX_TYPES } from '../domain/transactions';
import { UserTransactionsAnswer } from './answers';
import { IdParams, transactionJson } from './edge';

export const adminUserTransactionsRoute = route('GET /api/v1/admin/users/:id/transactions', (app, ctx) => {
  app.get(
    '/api/v1/admin/users/:id/transactions',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "A user's transactions for the admin user-details page. txType: bet, win, topup, withdrawal (or any ledger type).",
        params: IdParams,
        querystring: Type.Object({
          txType: Type.Optional(
            Type.Union(
              // the spec's groups, then every other ledger type by name (one vocabulary)
              ['', 'all', ...new Set([...Object.keys(TX_GROUPS), ...USER_TX_TYPES])].map((t) =>
                Type.Literal(t),
              ),
            ),
          ),
          startDate: Type.Optional(Type.String({ maxLength: 40 })),
          endDate: Type.Optional(Type.String({ maxLength: 40 })),
          sortBy: Type.Union([Type.Literal('createdAt')], { default: 'createdAt' }),
          order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: { 200: UserTransactionsAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      const { from, to } = dateRange(q.startDate, q.endDate);
      const [{ lines, count }, balance] = await Promise.all([
        statementOf(ctx, {
          userId: req.params.id,
          types: typesForFilter(q.txType),
          from,
          to,
          order: q.order,
          page: q.page,
          limit: q.limit,
        }),
        balanceOf(ctx, req.params.id),
      ]);
      return {
        transactions: lines.map(transactionJson),
        currentPage: q.page,
        totalPages: pageCount(count, q.limit),
        walletBalance: centsToDollars(balance),
      };
    },
  );
});
