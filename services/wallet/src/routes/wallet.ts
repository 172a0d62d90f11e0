import { type App, centsToDollars, Type } from '@bet/kit';
import type { WalletContext } from '../context';
import { walletBalance } from '../db/ledger';
import { TYPE_FILTERS, totalPages, typesForFilter } from '../domain/transactions';
import { userDebt } from '../operations/debts';
import { statement, summary } from '../operations/statements';
import { dateRange, transactionJson } from './edge';

const TransactionsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  type: Type.Optional(Type.Union([...TYPE_FILTERS, ''].map((t) => Type.Literal(t)))),
  startDate: Type.Optional(Type.String({ maxLength: 40 })),
  endDate: Type.Optional(Type.String({ maxLength: 40 })),
});

/** The player's own wallet: the token's subject is the only wallet a player can read. */
export function walletRoutes(app: App, ctx: WalletContext) {
  app.get('/api/v1/wallet', { config: { auth: 'user' }, schema: { tags: ['wallet'] } }, async (req) => ({
    walletBalance: centsToDollars(await walletBalance(ctx.db, req.user!.id)),
    // owed from a corrected result (repaid from the next winnings; withdrawals wait for it)
    debt: centsToDollars(await userDebt(ctx.db, req.user!.id)),
  }));

  app.get(
    '/api/v1/wallet/summary',
    { config: { auth: 'user' }, schema: { tags: ['wallet'] } },
    async (req) => {
      const userId = req.user!.id;
      const [balance, s] = await Promise.all([walletBalance(ctx.db, userId), summary(ctx.db, userId)]);
      return {
        currentWalletBalance: centsToDollars(balance),
        totalTopUps: { amount: centsToDollars(s.totalTopUps.amount), count: s.totalTopUps.count },
        totalWinnings: { amount: centsToDollars(s.totalWinnings.amount), count: s.totalWinnings.count },
        totalBetsPlaced: { amount: centsToDollars(s.totalBetsPlaced.amount), count: s.totalBetsPlaced.count },
      };
    },
  );

  app.get(
    '/api/v1/wallet/transactions',
    { config: { auth: 'user' }, schema: { tags: ['wallet'], querystring: TransactionsQuery } },
    async (req) => {
      const q = req.query;
      const { from, to } = dateRange(q.startDate, q.endDate);
      const { lines, count } = await statement(ctx.db, {
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
        totalPages: totalPages(count, q.limit),
        // a clawback the wallet could not cover moved no money of the wallet, so it has no
        // line of its own: the statement says what is still owed
        debt: centsToDollars(await userDebt(ctx.db, req.user!.id)),
      };
    },
  );
}
