import { Type } from '@bet/kit';
import { register } from '../app/auth';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { SignedInAnswer } from './answers';
import { Email, Name, NewPassword } from './schemas';

export const registerRoute = route('POST /api/v1/auth/register', (app, ctx) => {
  app.post(
    '/api/v1/auth/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object(
          {
            username: Type.String({ maxLength: 100 }),
            email: Email,
            password: NewPassword,
            // not in the spec's payload (the client checks it), accepted when sent
            confirmPassword: Type.Optional(NewPassword),
            firstName: Name,
            lastName: Name,
            // not in the spec's payload: the web's 18+ and terms checkbox; false is refused
            termsAccepted: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: SignedInAnswer },
      },
    },
    async (req, reply) => {
      const { user, accessToken, refreshToken } = await register(ctx, req.body);
      return reply.status(201).send({
        msg: 'Registration successful! Welcome.',
        accessToken,
        refreshToken,
        user: publicUser(user),
      });
    },
  );
});
