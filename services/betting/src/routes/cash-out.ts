import { cashOut } from '../app/cashout';
import { renderBetsById } from '../app/views';
import { route } from '../context';
import { CashedOutAnswer } from './answers';
import { IdParams } from './schemas';

export const cashOutRoute = route('POST /api/v1/bets/:id/cash-out', (app, ctx) => {
  app.post(
    '/api/v1/bets/:id/cash-out',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Cash out a live single at the current offer',
        params: IdParams,
        response: { 200: CashedOutAnswer },
      },
    },
    async (req) => {
      const amount = await cashOut(ctx, req.user!.id, req.params.id);
      const [bet] = await renderBetsById(ctx.db, [req.params.id]);
      return { msg: 'Bet cashed out successfully!', amount: Number(amount) / 100, bet };
    },
  );
});
