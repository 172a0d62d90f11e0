import { Type } from '@bet/kit';
import { auditTrail } from '../app/audit';
import { findGame } from '../app/games';
import { route } from '../context';
import { errorReplies, IdParams } from './schemas';

const AuditEntry = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  actor: Type.Object({ _id: Type.String(), username: Type.Union([Type.String(), Type.Null()]) }),
  action: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const gameAuditRoute = route('GET /api/v1/admin/games/:id/audit', (app, ctx) => {
  app.get(
    '/api/v1/admin/games/:id/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        response: {
          200: Type.Object({ audit: Type.Array(AuditEntry) }),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (req) => {
      await findGame(ctx.db, req.params.id);
      return { audit: await auditTrail(ctx.db, 'game', req.params.id) };
    },
  );
});
