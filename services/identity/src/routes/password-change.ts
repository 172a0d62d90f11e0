import { Type } from '@bet/kit';
import { changePassword } from '../app/profile';
import { route } from '../context';
import { MsgAnswer } from './answers';
import { AnyPassword, NewPassword } from './schemas';

export const passwordChangeRoute = route('PATCH /api/v1/users/password', (app, ctx) => {
  app.patch(
    '/api/v1/users/password',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          { currentPassword: AnyPassword, newPassword: NewPassword, confirmNewPassword: NewPassword },
          { additionalProperties: false },
        ),
        response: { 200: MsgAnswer },
      },
    },
    async (req) => {
      await changePassword(ctx, req.user!.id, req.user!.sessionId, req.body);
      return { msg: 'Password changed successfully!' };
    },
  );
});
