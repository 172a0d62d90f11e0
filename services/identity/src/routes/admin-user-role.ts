import { Type } from '@bet/kit';
import { changeRole } from '../app/admin';
import { route } from '../context';
import { adminUser } from '../domain/users';
import { AdminUserAnswer } from './answers';
import { IdParams } from './schemas';

/** changeRole checks the caller's role itself, under the admin rows' locks */
export const adminUserRoleRoute = route('PATCH /api/v1/admin/users/:id/role', (app, ctx) => {
  app.patch(
    '/api/v1/admin/users/:id/role',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: Type.Object(
          { role: Type.Union([Type.Literal('user'), Type.Literal('admin')]) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ msg: Type.String(), user: AdminUserAnswer }) },
      },
    },
    async (req) => {
      const user = await changeRole(ctx, req.user!.id, req.params.id, req.body.role);
      return { msg: 'User role updated successfully!', user: adminUser(user) };
    },
  );
});
