import { logout } from '../app/sessions';
import { route } from '../context';
import { MsgAnswer } from './answers';
import { RefreshBody } from './schemas';

export const logoutRoute = route('POST /api/v1/auth/logout', (app, ctx) => {
  app.post(
    '/api/v1/auth/logout',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: RefreshBody, response: { 200: MsgAnswer } },
    },
    async (req) => {
      await logout(ctx, req.body.token);
      return { msg: 'Logged out successfully.' };
    },
  );
});
