import { Type } from '@bet/kit';
import { auditLog } from '../app/audit';
import { route } from '../context';
import { AuditPage } from './schemas';

export const auditLogRoute = route('GET /api/v1/admin/audit-log', (app, ctx) => {
  app.get(
    '/api/v1/admin/audit-log',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          "Every admin action across the platform, newest first: who, what, when, before and after (from identity's, wallet's and games' events and the promotions here). Filters: entity, entityId, actorId, action (prefix).",
        querystring: Type.Object({
          entity: Type.Optional(Type.String({ maxLength: 40 })),
          entityId: Type.Optional(Type.String({ maxLength: 100 })),
          actorId: Type.Optional(Type.String({ maxLength: 24 })),
          action: Type.Optional(Type.String({ maxLength: 60 })),
          page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
        }),
        response: { 200: AuditPage },
      },
    },
    async (req) => {
      const q = req.query;
      return auditLog(ctx.db, {
        entity: q.entity || undefined,
        entityId: q.entityId || undefined,
        actorId: q.actorId || undefined,
        action: q.action || undefined,
        page: q.page,
        limit: q.limit,
      });
    },
  );
});
