import { Type } from '@bet/kit';
import { riskOverview } from '../app/queries';
import { route } from '../context';
import { RiskOverviewAnswer } from './answers';

export const adminRiskOverviewRoute = route('GET /api/v1/admin/risk/overview', (app, ctx) => {
  app.get(
    '/api/v1/admin/risk/overview',
    {
      config: { auth: 'admin' },
      schema: {
        summary:
          'Platform exposure: { totalExposure, highRiskGamesCount, highRiskThreshold, topExposedGames }',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        response: { 200: RiskOverviewAnswer },
      },
    },
    async (req) => riskOverview(ctx.db, ctx.config.HIGH_RISK_EXPOSURE, req.query.limit ?? 10),
  );
});
