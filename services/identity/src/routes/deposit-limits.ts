import { badRequest, HttpError, MoneySchema, parseMoney, Type } from '@bet/kit';
import { ACCOUNT_GONE } from '../app/profile';
import { protectionNow, setDepositLimits } from '../app/protection';
import { route } from '../context';
import { publicUser } from '../domain/users';
import { ProtectionChangedAnswer } from './answers';

const MAX_DEPOSIT_LIMIT_DOLLARS = 10_000_000;
const DEPOSIT_FIELDS = ['daily', 'weekly', 'monthly'] as const;

export const depositLimitsRoute = route('POST /api/v1/users/protection/deposit-limits', (app, ctx) => {
  app.post(
    '/api/v1/users/protection/deposit-limits',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            daily: MoneySchema({ description: 'dollars, 0 for no limit' }),
            weekly: MoneySchema({ description: 'dollars, 0 for no limit' }),
            monthly: MoneySchema({ description: 'dollars, 0 for no limit' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ProtectionChangedAnswer },
      },
    },
    async (req) => {
      const cents: Record<string, number> = {};
      for (const f of DEPOSIT_FIELDS) {
        const m = parseMoney(req.body[f]);
        const msg = !m.ok
          ? m.reason === 'too_many_decimals'
            ? `${f} must have at most two decimals`
            : `${f} must be a number`
          : m.cents < 0n
            ? `${f} must be at least 0`
            : m.cents > BigInt(MAX_DEPOSIT_LIMIT_DOLLARS) * 100n
              ? `${f} must be at most ${MAX_DEPOSIT_LIMIT_DOLLARS}`
              : null;
        if (msg || !m.ok) throw badRequest(msg!, [{ path: f, location: 'body', msg: msg! }]);
        cents[f] = Number(m.cents);
      }
      const user = await setDepositLimits(
        ctx,
        req.user!.id,
        cents as { daily: number; weekly: number; monthly: number },
      );
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const d = user.protection.deposit;
      const pending = d.daily.pending || d.weekly.pending || d.monthly.pending;
      return {
        msg: pending
          ? `Deposit limits updated successfully! Higher or removed limits take effect after a ${ctx.coolingOffMs / 3_600_000}-hour cooling-off period.`
          : 'Deposit limits updated successfully!',
        protection: protectionNow(ctx, user),
        user: publicUser(user),
      };
    },
  );
});
