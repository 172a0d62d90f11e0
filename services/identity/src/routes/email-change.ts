import { Type } from '@bet/kit';
import { changeEmail } from '../app/profile';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { MsgUserAnswer } from './answers';
import { AnyPassword, Email } from './schemas';

export const emailChangeRoute = route('PATCH /api/v1/users/email', (app, ctx) => {
  app.patch(
    '/api/v1/users/email',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object({ newEmail: Email, currentPassword: AnyPassword }, { additionalProperties: false }),
        response: { 200: MsgUserAnswer },
      },
    },
    async (req) => {
      const user = await changeEmail(ctx, req.user!.id, req.body);
      return {
        msg: 'Email changed successfully! Please check your inbox for verification if required.',
        user: publicUser(user),
      };
    },
  );
});
