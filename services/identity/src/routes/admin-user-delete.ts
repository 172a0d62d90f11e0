import { closeAccount, requireCurrentAdmin } from '../app/admin';
import { route } from '../context';
import { MsgAnswer } from './answers';
import { IdParams } from './schemas';

export const adminUserDeleteRoute = route('DELETE /api/v1/admin/users/:id', (app, ctx) => {
  app.delete(
    '/api/v1/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: MsgAnswer } },
    },
    async (req) => {
      await requireCurrentAdmin(ctx, req.user!.id);
      await closeAccount(ctx, req.user!.id, req.params.id);
      return { msg: 'User deleted successfully.' };
    },
  );
});
