import { type App, Type } from '@bet/kit';
import { changeRole, closeAccount, getAccount, listAccounts, requireCurrentAdmin } from '../app/admin';
import type { Identity } from '../app/context';
import { adminUser } from '../domain/users';
import { IdParams } from './schemas';

export function adminRoutes(app: App, idn: Identity) {
  const admin = { config: { auth: 'admin' as const } };

  app.get(
    '/api/v1/admin/users',
    {
      ...admin,
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
      },
    },
    async (req) => {
      await requireCurrentAdmin(idn, req.user!.id);
      const page = await listAccounts(idn, req.query);
      return { ...page, users: page.users.map(adminUser) };
    },
  );

  app.get(
    '/api/v1/admin/users/:id',
    { ...admin, schema: { tags: ['admin'], params: IdParams } },
    async (req) => {
      await requireCurrentAdmin(idn, req.user!.id);
      return adminUser(await getAccount(idn, req.params.id));
    },
  );

  app.patch(
    '/api/v1/admin/users/:id/role',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: Type.Object(
          { role: Type.Union([Type.Literal('user'), Type.Literal('admin')]) },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const user = await changeRole(idn, req.user!.id, req.params.id, req.body.role);
      return { msg: 'User role updated successfully!', user: adminUser(user) };
    },
  );

  app.delete(
    '/api/v1/admin/users/:id',
    { ...admin, schema: { tags: ['admin'], params: IdParams } },
    async (req) => {
      await requireCurrentAdmin(idn, req.user!.id);
      await closeAccount(idn, req.user!.id, req.params.id);
      return { msg: 'User deleted successfully.' };
    },
  );
}
