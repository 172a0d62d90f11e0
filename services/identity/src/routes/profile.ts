import { requireActiveUser } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { UserAnswer } from './answers';

export const profileRoute = route('GET /api/v1/users/profile', (app, ctx) => {
  app.get(
    '/api/v1/users/profile',
    { config: { auth: 'user' }, schema: { tags: ['users'], response: { 200: UserAnswer } } },
    async (req) => publicUser(await requireActiveUser(ctx, req.user!.id)),
  );
});
