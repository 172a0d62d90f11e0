import { Type } from '@bet/kit';
import { setPassword } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { MsgUserAnswer } from './answers';
import { NewPassword } from './schemas';

export const passwordSetRoute = route('POST /api/v1/users/set-password', (app, ctx) => {
  app.post(
    '/api/v1/users/set-password',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          { newPassword: NewPassword, confirmPassword: NewPassword },
          { additionalProperties: false },
        ),
        response: { 200: MsgUserAnswer },
      },
    },
    async (req) => {
      const user = await setPassword(ctx, req.user!.id, req.body);
      return { msg: 'Password has been set successfully!', user: publicUser(user) };
    },
  );
});
