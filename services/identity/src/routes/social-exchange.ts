import { Type } from '@bet/kit';
import { exchangeSocialCode } from '../app/social-codes';
import { route } from '../context';
import { TokenPairAnswer } from './answers';
import { STATE_MAX, STATE_MIN } from './social-providers';

export const socialExchangeRoute = route('POST /api/v1/auth/social/exchange', (app, ctx) => {
  app.post(
    '/api/v1/auth/social/exchange',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'The social return page trades its one-time code, with the state it made before leaving, for the token pair.',
        body: Type.Object(
          {
            code: Type.String({ minLength: 1, maxLength: 200 }),
            state: Type.String({ minLength: STATE_MIN, maxLength: STATE_MAX }),
          },
          { additionalProperties: false },
        ),
        response: { 200: TokenPairAnswer },
      },
    },
    async (req) => exchangeSocialCode(ctx, req.body),
  );
});
