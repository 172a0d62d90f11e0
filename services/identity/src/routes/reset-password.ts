import { badRequest, Type } from '@bet/kit';
import { resetPassword } from '../app/password-reset';
import { route } from '../context';
import { MsgAnswer } from './answers';
import { NewPassword } from './schemas';

const MISSING_TOKEN = 'Invalid or missing reset token.';

/** The link's call; without a token in the path it is the same call's 400. */
export const resetPasswordRoute = route('POST /api/v1/auth/reset-password/:token', (app, ctx) => {
  app.post(
    '/api/v1/auth/reset-password/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: Type.Object(
          { password: NewPassword, confirmPassword: NewPassword },
          { additionalProperties: false },
        ),
        response: { 200: MsgAnswer },
      },
    },
    async (req) => {
      if (!req.params.token) throw badRequest(MISSING_TOKEN);
      await resetPassword(ctx, { token: req.params.token, ...req.body });
      return { msg: 'Password has been reset successfully!' };
    },
  );
  app.post(
    '/api/v1/auth/reset-password',
    { config: { auth: 'public' }, schema: { tags: ['auth'], hide: true } },
    async () => {
      throw badRequest(MISSING_TOKEN);
    },
  );
});
