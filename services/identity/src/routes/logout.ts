import { logout } from '../app/sessions';
import { route } from '../context';
import { RefreshBody } from './schemas';

export const logoutRoute = route('POST /api/v1/auth/logout', (app, ctx) => {
  app.post(
    '/api/v1/auth/logout',
    { config: { auth: 'public' }, schema: { tags: ['auth'], body: RefreshBody } },
    async (req) => {
      await logout(ctx, req.body.token);
      return { msg: 'Logged out successfully.' };
    },
  );
});
