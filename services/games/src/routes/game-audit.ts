import { auditTrail } from '../app/audit';
import { findGame } from '../app/games';
import { route } from '../context';
import { AuditAnswer, errorReplies } from './answers';
import { IdParams } from './schemas';

export const gameAuditRoute = route('GET /api/v1/admin/games/:id/audit', (app, ctx) => {
  app.get(
    '/api/v1/admin/games/:id/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: { 200: AuditAnswer, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await findGame(ctx.db, req.params.id);
      return { audit: await auditTrail(ctx.db, 'game', req.params.id) };
    },
  );
});
