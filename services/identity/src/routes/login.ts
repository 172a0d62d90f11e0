import { clientIp, Type } from '@bet/kit';
import { login } from '../app/auth';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { SignedInAnswer } from './answers';
import { AnyPassword } from './schemas';

export const loginRoute = route('POST /api/v1/auth/login', (app, ctx) => {
  app.post(
    '/api/v1/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object(
          { email: Type.String({ minLength: 1, maxLength: 254 }), password: AnyPassword },
          { additionalProperties: false },
        ),
        response: { 200: SignedInAnswer },
      },
    },
    async (req) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.proxies);
      const { user, accessToken, refreshToken } = await login(ctx, { ...req.body, ip });
      return { msg: 'Logged in successfully!', accessToken, refreshToken, user: publicUser(user) };
    },
  );
});
