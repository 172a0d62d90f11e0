import { currentOffer } from '../app/cashout';
import { route } from '../context';
import { CashOutOfferAnswer } from './answers';
import { IdParams } from './schemas';

export const cashOutOfferRoute = route('GET /api/v1/bets/:id/cash-out', (app, ctx) => {
  app.get(
    '/api/v1/bets/:id/cash-out',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'The current cash-out offer: { available, amount, reason? }',
        params: IdParams,
        response: { 200: CashOutOfferAnswer },
      },
    },
    async (req) => currentOffer(ctx, req.user!.id, req.params.id),
  );
});
