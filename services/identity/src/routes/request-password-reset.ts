import { Type } from '@bet/kit';
import { RESET_REQUESTED, requestPasswordReset } from '../app/password-reset';
import { route } from '../context';
import { Email } from './schemas';

export const requestPasswordResetRoute = route('POST /api/v1/auth/request-password-reset', (app, ctx) => {
  app.post(
    '/api/v1/auth/request-password-reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: {
          200: Type.Object(
            { msg: Type.String() },
            { description: 'The same answer whether or not the address has an account' },
          ),
        },
      },
    },
    async (req) => {
      // the same answer, at once, whether or not the address has an account; the mail follows
      requestPasswordReset(ctx, req.body.email);
      return { msg: RESET_REQUESTED };
    },
  );
});
