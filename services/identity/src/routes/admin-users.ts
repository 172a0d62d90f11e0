import { Type } from '@bet/kit';
import { listAccounts, requireCurrentAdmin } from '../app/admin';
import { route } from '../context';
import { adminUser } from '../domain/users';
import { AdminUserAnswer } from './answers';

export const adminUsersRoute = route('GET /api/v1/admin/users', (app, ctx) => {
  app.get(
    '/api/v1/admin/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: Type.Object(
          {
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
            search: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            users: Type.Array(AdminUserAnswer),
            currentPage: Type.Integer(),
            totalPages: Type.Integer({ description: 'at least 1: an empty list is one empty page' }),
            totalCount: Type.Integer({ description: 'accounts matching the search, on every page' }),
          }),
        },
      },
    },
    async (req) => {
      await requireCurrentAdmin(ctx, req.user!.id);
      const page = await listAccounts(ctx, req.query);
      return { ...page, users: page.users.map(adminUser) };
    },
  );
});
