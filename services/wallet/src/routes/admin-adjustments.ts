import { Type } from '@bet/kit';
import { listAdjustmentRequests } from '../app/adjustments';
import { route } from '../context';
import { AdjustmentRequestsAnswer } from './answers';
import { adjustmentRequestJson } from './edge';

export const adminAdjustmentsRoute = route('GET /api/v1/admin/wallet/adjustments', (app, ctx) => {
  app.get(
    '/api/v1/admin/wallet/adjustments',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'Four-eyes: adjustment requests waiting for (or given) a second approval.',
        querystring: Type.Object({
          status: Type.Union([Type.Literal('pending'), Type.Literal('approved')], { default: 'pending' }),
        }),
        response: { 200: AdjustmentRequestsAnswer },
      },
    },
    async (req) => ({
      requests: (await listAdjustmentRequests(ctx, req.query.status)).map((r) => ({
        ...adjustmentRequestJson(r),
        username: r.username,
        requestedByUsername: r.requestedByUsername,
        approvedByUsername: r.approvedByUsername,
      })),
    }),
  );
});
