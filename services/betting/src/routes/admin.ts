import { type App, Type } from '@bet/kit';
import { betHistory, gameRisk, type HistoryQuery, riskOverview } from '../app/queries';
import type { Ctx } from '../app/types';
import { BetStatusFilter, HistoryQuerySchema, IdParams } from './schemas';

export function registerAdminRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/v1/admin/users/:id/bets',
    {
      config: { auth: 'admin' },
      schema: {
        summary: "A user's bets for the admin user-details page: { bets, currentPage, totalPages }",
        params: IdParams,
        querystring: Type.Object({
          ...HistoryQuerySchema,
          betStatus: Type.Optional(BetStatusFilter),
          status: Type.Optional(BetStatusFilter),
        }),
      },
    },
    async (req) => {
      const q = req.query as HistoryQuery & { betStatus?: HistoryQuery['status'] };
      return betHistory(ctx.db, req.params.id, { ...q, status: q.betStatus ?? q.status });
    },
  );

  app.get(
    '/api/v1/admin/games/:id/risk',
    {
      config: { auth: 'admin' },
      schema: {
        summary:
          "A game's exposure per outcome (pending bets; multis count in full): { analysis: { totalExposure, outcomes } }",
        params: IdParams,
      },
    },
    async (req) => gameRisk(ctx.db, req.params.id),
  );

  app.get(
    '/api/v1/admin/risk/overview',
    {
      config: { auth: 'admin' },
      schema: {
        summary:
          'Platform exposure: { totalExposure, highRiskGamesCount, highRiskThreshold, topExposedGames }',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
      },
    },
    async (req) => riskOverview(ctx.db, ctx.config.HIGH_RISK_EXPOSURE, req.query.limit ?? 10),
  );
}
