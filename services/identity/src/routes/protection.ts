import { requireActiveUser } from '../app/profile';
import { protectionNow } from '../app/protection';
import { route } from '../context';
import { ProtectionAnswer } from './answers';

/** Time-out, self-exclusion, deposit limits and the reality check as they stand (issue 16 item 7). */
export const protectionRoute = route('GET /api/v1/users/protection', (app, ctx) => {
  app.get(
    '/api/v1/users/protection',
    { config: { auth: 'user' }, schema: { tags: ['users'], response: { 200: ProtectionAnswer } } },
    async (req) => protectionNow(ctx, await requireActiveUser(ctx, req.user!.id)),
  );
});
