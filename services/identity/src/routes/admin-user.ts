import { getAccount, requireCurrentAdmin } from '../app/admin';
import { route } from '../context';
import { adminUser } from '../domain/users';
import { IdParams } from './schemas';

export const adminUserRoute = route('GET /api/v1/admin/users/:id', (app, ctx) => {
  app.get(
    '/api/v1/admin/users/:id',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], params: IdParams } },
    async (req) => {
      await requireCurrentAdmin(ctx, req.user!.id);
      return adminUser(await getAccount(ctx, req.params.id));
    },
  );
});
