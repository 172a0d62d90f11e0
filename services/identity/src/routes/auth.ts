import { type App, badRequest, HttpError, Type } from '@bet/kit';
import { clientIp } from '../adapters/client-ip';
import { login, register } from '../app/auth';
import type { Identity } from '../app/context';
import { loadActiveUser } from '../app/limits';
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from '../app/password-reset';
import { ACCOUNT_GONE } from '../app/profile';
import { logout, refreshSession } from '../app/sessions';
import { publicUser } from '../domain/users';
import { AnyPassword, Email, Name, NewPassword, RefreshBody, RefreshTokenBody } from './schemas';

export function authRoutes(app: App, idn: Identity) {
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
      },
    },
    async (req, reply) => {
      const { user, accessToken, refreshToken } = await register(idn, req.body);
      return reply.status(201).send({
        msg: 'Registration successful! Welcome.',
        accessToken,
        refreshToken,
        user: publicUser(user),
      });
    },
  );

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
      },
    },
    async (req) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], idn.proxies);
      const { user, accessToken, refreshToken } = await login(idn, { ...req.body, ip });
      return { msg: 'Logged in successfully!', accessToken, refreshToken, user: publicUser(user) };
    },
  );

  app.get(
    '/api/v1/auth/me',
    { config: { auth: 'user' }, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (req) => {
      const user = await loadActiveUser(idn, req.user!.id);
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      return publicUser(user);
    },
  );

  app.post(
    '/api/v1/auth/refresh-token',
    { config: { auth: 'public' }, schema: { tags: ['auth'], body: RefreshTokenBody } },
    async (req) => refreshSession(idn, req.body.token, { rotate: req.body.rotate === true }),
  );

  app.post(
    '/api/v1/auth/logout',
    { config: { auth: 'public' }, schema: { tags: ['auth'], body: RefreshBody } },
    async (req) => {
      await logout(idn, req.body.token);
      return { msg: 'Logged out successfully.' };
    },
  );

  app.post(
    '/api/v1/auth/request-password-reset',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: Type.Object({ email: Email }, { additionalProperties: false }) },
    },
    async (req) => {
      // the same answer, at once, whether or not the address has an account; the mail follows
      requestPasswordReset(idn, req.body.email);
      return { msg: RESET_REQUESTED };
    },
  );

  const ResetBody = Type.Object(
    { password: NewPassword, confirmPassword: NewPassword },
    { additionalProperties: false },
  );
  app.post(
    '/api/v1/auth/reset-password/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: ResetBody,
      },
    },
    async (req) => {
      if (!req.params.token) throw badRequest('Invalid or missing reset token.');
      await resetPassword(idn, { token: req.params.token, ...req.body });
      return { msg: 'Password has been reset successfully!' };
    },
  );
  app.post(
    '/api/v1/auth/reset-password',
    { config: { auth: 'public' }, schema: { tags: ['auth'], hide: true } },
    async () => {
      throw badRequest('Invalid or missing reset token.');
    },
  );
}
