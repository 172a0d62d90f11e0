import { updateProfile } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { ProfileBody } from './schemas';

export const profileUpdateRoute = route('PATCH /api/v1/users/profile', (app, ctx) => {
  app.patch(
    '/api/v1/users/profile',
    { config: { auth: 'user' }, schema: { tags: ['users'], body: ProfileBody } },
    async (req) => {
      const user = await updateProfile(ctx, req.user!.id, req.body);
      return { msg: 'Profile updated successfully!', user: publicUser(user) };
    },
  );
});
