import { clientIp, Type } from '@bet/kit';
import { verifyPhoneCode } from '../app/phone';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { SignedInAnswer } from './answers';
import { Name, NewPassword } from './schemas';

/**
 * Phone sign-in, step 2: the code from the text. Signs in the number's account (200, the
 * answer of POST /auth/login) or, with a username, makes the account (201, the answer of
 * POST /auth/register). A right code for a new number without a username: 400
 * signup_details_required, and the code stays valid.
 */
export const phoneVerifyRoute = route('POST /api/v1/auth/phone/verify', (app, ctx) => {
  app.post(
    '/api/v1/auth/phone/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object(
          {
            phone: Type.String({ minLength: 1, maxLength: 40 }),
            code: Type.String({ minLength: 1, maxLength: 20, description: 'the 6 digits of the text' }),
            username: Type.Optional(Type.String({ maxLength: 100, description: 'for a new account' })),
            password: Type.Optional(NewPassword),
            firstName: Type.Optional(Name),
            lastName: Type.Optional(Name),
            termsAccepted: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: SignedInAnswer, 201: SignedInAnswer },
      },
    },
    async (req, reply) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.proxies);
      const { user, created, accessToken, refreshToken } = await verifyPhoneCode(ctx, { ...req.body, ip });
      return reply.status(created ? 201 : 200).send({
        msg: created ? 'Registration successful! Welcome.' : 'Logged in successfully!',
        accessToken,
        refreshToken,
        user: publicUser(user),
      });
    },
  );
});
