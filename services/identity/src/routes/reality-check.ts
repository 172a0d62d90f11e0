import { badRequest, HttpError, Type } from '@bet/kit';
import { ACCOUNT_GONE } from '../app/profile';
import { protectionNow, setRealityCheck } from '../app/protection';
import { route } from '../context';
import { REALITY_CHECK_CHOICES } from '../domain/protection';
import { publicUser } from '../domain/users';
import { ProtectionChangedAnswer } from './answers';

export const realityCheckRoute = route('POST /api/v1/users/protection/reality-check', (app, ctx) => {
  app.post(
    '/api/v1/users/protection/reality-check',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          { minutes: Type.Integer({ minimum: 0, maximum: 1440 }) },
          { additionalProperties: false },
        ),
        response: { 200: ProtectionChangedAnswer },
      },
    },
    async (req) => {
      const { minutes } = req.body;
      if (!(REALITY_CHECK_CHOICES as readonly number[]).includes(minutes)) {
        const msg = `minutes must be one of ${REALITY_CHECK_CHOICES.join(', ')}`;
        throw badRequest(msg, [{ path: 'minutes', location: 'body', msg }]);
      }
      const user = await setRealityCheck(ctx, req.user!.id, minutes);
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      return {
        msg: minutes ? `Reality check every ${minutes} minutes.` : 'Reality check turned off.',
        protection: protectionNow(ctx, user),
        user: publicUser(user),
      };
    },
  );
});
