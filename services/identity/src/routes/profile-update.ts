import { updateProfile } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { MsgUserAnswer } from './answers';
import { ProfileBody } from './schemas';

export const profileUpdateRoute = route('PATCH /api/v1/users/profile', (app, ctx) => {
  app.patch(
    '/api/v1/users/profile',
    {
      config: { auth: 'user' },
      schema: { tags: ['users'], body: ProfileBody, response: { 200: MsgUserAnswer } },
    },
    async (req) => {
      const user = await updateProfile(ctx, req.user!.id, req.body);
      return { msg: 'Profile updated successfully!', user: publicUser(user) };
    },
  );
});
