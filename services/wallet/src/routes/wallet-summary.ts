import { centsToDollars } from '@bet/kit';
import { balanceOf, summaryOf } from '../app/statements';
import { route } from '../context';
import { SummaryAnswer } from './answers';

export const walletSummaryRoute = route('GET /api/v1/wallet/summary', (app, ctx) => {
  app.get(
    '/api/v1/wallet/summary',
    { config: { auth: 'user' }, schema: { tags: ['wallet'], response: { 200: SummaryAnswer } } },
    async (req) => {
      const userId = req.user!.id;
      const [balance, s] = await Promise.all([balanceOf(ctx, userId), summaryOf(ctx, userId)]);
      return {
        currentWalletBalance: centsToDollars(balance),
        totalTopUps: { amount: centsToDollars(s.totalTopUps.amount), count: s.totalTopUps.count },
        totalWinnings: { amount: centsToDollars(s.totalWinnings.amount), count: s.totalWinnings.count },
        totalBetsPlaced: { amount: centsToDollars(s.totalBetsPlaced.amount), count: s.totalBetsPlaced.count },
      };
    },
  );
});
