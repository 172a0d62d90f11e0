import { Type } from '@bet/kit';
import { financialStats } from '../app/stats';
import { route } from '../context';
import { Amount } from './schemas';

export const financialRoute = route('GET /api/v1/admin/dashboard/financial', (app, ctx) => {
  app.get(
    '/api/v1/admin/dashboard/financial',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Financial snapshot in dollars: stakes net of refunds (sports and Aviator), payouts (wins, cash-outs, Aviator wins), revenue = stakes − payouts. Beyond the spec: the players' deposits, their withdrawals (net of rejected ones) and Aviator's own revenue (stakes − wins).",
        response: {
          200: Type.Object({
            totalStakes: Amount,
            totalPayoutsToUsers: Amount,
            platformRevenue: Amount,
            totalDeposits: Amount,
            totalWithdrawals: Amount,
            aviatorRevenue: Amount,
          }),
        },
      },
    },
    async () => financialStats(ctx.db),
  );
});
