import { badRequest, HttpError, MoneySchema, parseMoney, Type } from '@bet/kit';
import { setLimits } from '../app/limits';
import { ACCOUNT_GONE } from '../app/profile';
import { route } from '../context';
import { limitsView } from '../domain/limits';
import { publicUser } from '../domain/users';
import { LimitsAnswer, UserAnswer } from './answers';

const MAX_BET_COUNT_LIMIT = 100_000;
const MAX_STAKE_LIMIT_DOLLARS = 10_000_000;

export const limitsUpdateRoute = route('POST /api/v1/users/limits', (app, ctx) => {
  app.post(
    '/api/v1/users/limits',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            weeklyBetCountLimit: Type.Integer({ minimum: 0, maximum: MAX_BET_COUNT_LIMIT }),
            weeklyStakeAmountLimit: MoneySchema({ description: 'dollars, 0 for no limit' }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ msg: Type.String(), limits: LimitsAnswer, user: UserAnswer }),
        },
      },
    },
    async (req) => {
      const { weeklyBetCountLimit, weeklyStakeAmountLimit } = req.body;
      // dollars at the edge, exact cents inside: more than two decimals is refused, not rounded
      const stake = parseMoney(weeklyStakeAmountLimit);
      const stakeError = !stake.ok
        ? stake.reason === 'too_many_decimals'
          ? 'weeklyStakeAmountLimit must have at most two decimals'
          : 'weeklyStakeAmountLimit must be a number'
        : stake.cents < 0n
          ? 'weeklyStakeAmountLimit must be at least 0'
          : stake.cents > BigInt(MAX_STAKE_LIMIT_DOLLARS) * 100n
            ? `weeklyStakeAmountLimit must be at most ${MAX_STAKE_LIMIT_DOLLARS}`
            : null;
      if (stakeError || !stake.ok) {
        const msg = stakeError ?? 'weeklyStakeAmountLimit must be a number';
        throw badRequest(msg, [{ path: 'weeklyStakeAmountLimit', location: 'body', msg }]);
      }
      const user = await setLimits(ctx, req.user!.id, {
        betCount: weeklyBetCountLimit,
        stakeCents: Number(stake.cents),
      });
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const pending = user.limits.betCount.pending || user.limits.stakeCents.pending;
      return {
        msg: pending
          ? `Betting limits updated successfully! Higher or removed limits take effect after a ${ctx.coolingOffMs / 3_600_000}-hour cooling-off period.`
          : 'Betting limits updated successfully!',
        limits: limitsView(user.limits),
        user: publicUser(user),
      };
    },
  );
});
