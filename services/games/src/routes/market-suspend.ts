import { controlMarket } from '../app/market-control';
import { route } from '../context';
import { errorReplies, MsgMarketAnswer } from './answers';
import { actorOf, MarketParams } from './schemas';

export const marketSuspendRoute = route(
  'PATCH /api/v1/admin/games/:id/markets/:market/suspend',
  (app, ctx) => {
    app.patch(
      '/api/v1/admin/games/:id/markets/:market/suspend',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['admin'],
          params: MarketParams,
          response: { 200: MsgMarketAnswer, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (req) => controlMarket(ctx, actorOf(req), req.params.id, req.params.market, { kind: 'suspend' }),
    );
  },
);
