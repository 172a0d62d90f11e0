import { requireActiveUser } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { UserAnswer } from './answers';

export const meRoute = route('GET /api/v1/auth/me', (app, ctx) => {
  app.get(
    '/api/v1/auth/me',
    {
      config: { auth: 'user' },
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: UserAnswer } },
    },
    async (req) => publicUser(await requireActiveUser(ctx, req.user!.id)),
  );
});
