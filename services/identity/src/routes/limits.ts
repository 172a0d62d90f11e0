import { requireActiveUser } from '../app/profile';
import { route } from '../context';
import { limitsView } from '../domain/limits';
import { LimitsAnswer } from './answers';

export const limitsRoute = route('GET /api/v1/users/limits', (app, ctx) => {
  app.get(
    '/api/v1/users/limits',
    { config: { auth: 'user' }, schema: { tags: ['users'], response: { 200: LimitsAnswer } } },
    async (req) => limitsView((await requireActiveUser(ctx, req.user!.id)).limits),
  );
});
