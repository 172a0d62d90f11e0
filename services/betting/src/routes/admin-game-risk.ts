import { gameRisk } from '../app/queries';
import { route } from '../context';
import { GameRiskAnswer } from './answers';
import { IdParams } from './schemas';

export const adminGameRiskRoute = route('GET /api/v1/admin/games/:id/risk', (app, ctx) => {
  app.get(
    '/api/v1/admin/games/:id/risk',
    {
      config: { auth: 'admin' },
      schema: {
        summary:
          "A game's exposure per outcome (pending bets; multis count in full): { analysis: { totalExposure, outcomes, markets } }",
        params: IdParams,
        response: { 200: GameRiskAnswer },
      },
    },
    async (req) => gameRisk(ctx.db, req.params.id, ctx.config.MAX_LIABILITY),
  );
});
