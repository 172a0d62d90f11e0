import { badRequest, HttpError, Type } from '@bet/kit';
import { ACCOUNT_GONE } from '../app/profile';
import { breakUntil, protectionNow, takeBreak } from '../app/protection';
import { route } from '../context';
import { EXCLUSION_PERIODS, isExclusionPeriod } from '../domain/protection';
import { publicUser } from '../domain/users';
import { ProtectionChangedAnswer } from './answers';

export const protectionBreakRoute = route('POST /api/v1/users/protection/break', (app, ctx) => {
  app.post(
    '/api/v1/users/protection/break',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            kind: Type.Union([Type.Literal('time_out'), Type.Literal('self_exclusion')]),
            period: Type.String({ minLength: 1, maxLength: 8 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ProtectionChangedAnswer },
      },
    },
    async (req) => {
      const kind = req.body.kind;
      if (!isExclusionPeriod(kind, req.body.period)) {
        const msg = `period must be one of ${Object.keys(EXCLUSION_PERIODS[kind]).join(', ')}`;
        throw badRequest(msg, [{ path: 'period', location: 'body', msg }]);
      }
      const user = await takeBreak(ctx, req.user!.id, kind, req.body.period);
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const until = breakUntil(ctx, user)!;
      const word = user.protection.exclusion?.kind === 'self_exclusion' ? 'Self-exclusion' : 'Time-out';
      return {
        msg: `${word} in place until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        protection: protectionNow(ctx, user),
        user: publicUser(user),
      };
    },
  );
});
