import { controlMarket } from '../app/market-control';
import { route } from '../context';
import { errorReplies, MsgMarketAnswer } from './answers';
import { actorOf, MarketOddsBody, MarketParams, parseMarketOdds } from './schemas';

export const marketAdjustOddsRoute = route(
  'PATCH /api/v1/admin/games/:id/markets/:market/adjust-odds',
  (app, ctx) => {
    app.patch(
      '/api/v1/admin/games/:id/markets/:market/adjust-odds',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['admin'],
          params: MarketParams,
          body: MarketOddsBody,
          response: { 200: MsgMarketAnswer, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (req) =>
        controlMarket(ctx, actorOf(req), req.params.id, req.params.market, {
          kind: 'adjust',
          prices: parseMarketOdds(req.params.market, req.body.odds),
        }),
    );
  },
);
