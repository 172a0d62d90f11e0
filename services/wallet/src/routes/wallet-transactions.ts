import { centsToDollars, dateRange, pageCount, Type } from '@bet/kit';
import { debtOf, statementOf } from '../app/statements';
import { route } from '../context';
import { TYPE_FILTERS, typesForFilter } from '../domain/transactions';
import { TransactionsAnswer } from './answers';
import { transactionJson } from './edge';

const TransactionsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  type: Type.Optional(Type.Union([...TYPE_FILTERS, ''].map((t) => Type.Literal(t)))),
  startDate: Type.Optional(Type.String({ maxLength: 40 })),
  endDate: Type.Optional(Type.String({ maxLength: 40 })),
});

export const walletTransactionsRoute = route('GET /api/v1/wallet/transactions', (app, ctx) => {
  app.get(
    '/api/v1/wallet/transactions',
    {
      config: { auth: 'user' },
      schema: { tags: ['wallet'], querystring: TransactionsQuery, response: { 200: TransactionsAnswer } },
    },
    async (req) => {
      const q = req.query;
      const { from, to } = dateRange(q.startDate, q.endDate);
      const { lines, count } = await statementOf(ctx, {
        userId: req.user!.id,
        types: typesForFilter(q.type),
        from,
        to,
        order: 'desc',
        page: q.page,
        limit: q.limit,
      });
      return {
        transactions: lines.map(transactionJson),
        currentPage: q.page,
        totalPages: pageCount(count, q.limit),
        // a clawback the wallet could not cover moved no money of the wallet, so it has no
        // line of its own: the statement says what is still owed
        debt: centsToDollars(await debtOf(ctx, req.user!.id)),
      };
    },
  );
});
