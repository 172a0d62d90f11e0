import { getAccount, requireCurrentAdmin } from '../app/admin';
import { route } from '../context';
import { adminUser } from '../domain/users';
import { AdminUserAnswer } from './answers';
import { IdParams } from './schemas';

export const adminUserRoute = route('GET /api/v1/admin/users/:id', (app, ctx) => {
  app.get(
    '/api/v1/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: AdminUserAnswer } },
    },
    async (req) => {
      await requireCurrentAdmin(ctx, req.user!.id);
      return adminUser(await getAccount(ctx, req.params.id));
    },
  );
});
