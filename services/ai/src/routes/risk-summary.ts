import { Type } from '@bet/kit';
import { riskSummary } from '../app/risk';
import { route } from '../context';
import { asCaller, Id, ProducedBy, rateLimited } from './common';

export const riskSummaryRoute = route('GET /api/v1/admin/games/:id/risk-summary', (app, ctx) => {
  app.get(
    '/api/v1/admin/games/:id/risk-summary',
    {
      config: { auth: 'admin' },
      preHandler: rateLimited(ctx),
      schema: {
        params: Type.Object({ id: Id }),
        response: { 200: Type.Object({ summary: Type.String(), producedBy: ProducedBy }) },
      },
    },
    async (req) => asCaller(ctx, req, () => riskSummary(ctx, req.params.id)),
  );
});
