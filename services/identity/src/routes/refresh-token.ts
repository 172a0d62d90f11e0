import { refreshSession } from '../app/sessions';
import { route } from '../context';
import { TokenPairAnswer } from './answers';
import { RefreshTokenBody } from './schemas';

export const refreshTokenRoute = route('POST /api/v1/auth/refresh-token', (app, ctx) => {
  app.post(
    '/api/v1/auth/refresh-token',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: RefreshTokenBody, response: { 200: TokenPairAnswer } },
    },
    async (req) => refreshSession(ctx, req.body.token, { rotate: req.body.rotate === true }),
  );
});
