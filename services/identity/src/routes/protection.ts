import { type App, badRequest, HttpError, MoneySchema, parseMoney, Type } from '@bet/kit';
import type { Identity } from '../app/context';
import { loadActiveUser } from '../app/limits';
import { ACCOUNT_GONE } from '../app/profile';
import { setDepositLimits, setRealityCheck, takeBreak } from '../app/protection';
import {
  activeExclusion,
  EXCLUSION_PERIODS,
  type ExclusionKind,
  isExclusionPeriod,
  protectionView,
  REALITY_CHECK_CHOICES,
  settleProtection,
} from '../domain/protection';
import { publicUser } from '../domain/users';

const MAX_DEPOSIT_LIMIT_DOLLARS = 10_000_000;
const DEPOSIT_FIELDS = ['daily', 'weekly', 'monthly'] as const;

/** Time-out, self-exclusion, deposit limits and the reality check (issue 16 item 7). */
export async function protectionRoutes(app: App, idn: Identity) {
  const secured = { config: { auth: 'user' as const } };
  const mine = async (userId: string) => {
    const user = await loadActiveUser(idn, userId);
    if (!user) throw new HttpError(401, ACCOUNT_GONE);
    return user;
  };
  const answer = (msg: string, user: NonNullable<Awaited<ReturnType<typeof mine>>>) => ({
    msg,
    protection: protectionView(settleProtection(user.protection, idn.clock.now())),
    user: publicUser(user),
  });

  app.get('/api/v1/users/protection', { ...secured, schema: { tags: ['users'] } }, async (req) => {
    const user = await mine(req.user!.id);
    return protectionView(settleProtection(user.protection, idn.clock.now()));
  });

  app.post(
    '/api/v1/users/protection/break',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          {
            kind: Type.Union([Type.Literal('time_out'), Type.Literal('self_exclusion')]),
            period: Type.String({ minLength: 1, maxLength: 8 }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const kind = req.body.kind as ExclusionKind;
      if (!isExclusionPeriod(kind, req.body.period)) {
        const msg = `period must be one of ${Object.keys(EXCLUSION_PERIODS[kind]).join(', ')}`;
        throw badRequest(msg, [{ path: 'period', location: 'body', msg }]);
      }
      const user = await takeBreak(idn, req.user!.id, kind, req.body.period);
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const until = activeExclusion(user.protection, idn.clock.now())!.until;
      const word = user.protection.exclusion?.kind === 'self_exclusion' ? 'Self-exclusion' : 'Time-out';
      return answer(
        `${word} in place until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        user,
      );
    },
  );

  app.post(
    '/api/v1/users/protection/deposit-limits',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          Object.fromEntries(
            DEPOSIT_FIELDS.map((f) => [f, MoneySchema({ description: 'dollars, 0 for no limit' })]),
          ),
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const body = req.body as Record<(typeof DEPOSIT_FIELDS)[number], unknown>;
      const cents: Record<string, number> = {};
      for (const f of DEPOSIT_FIELDS) {
        const m = parseMoney(body[f] as never);
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
        idn,
        req.user!.id,
        cents as { daily: number; weekly: number; monthly: number },
      );
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      const d = user.protection.deposit;
      const pending = d.daily.pending || d.weekly.pending || d.monthly.pending;
      return answer(
        pending
          ? `Deposit limits updated successfully! Higher or removed limits take effect after a ${idn.coolingOffMs / 3_600_000}-hour cooling-off period.`
          : 'Deposit limits updated successfully!',
        user,
      );
    },
  );

  app.post(
    '/api/v1/users/protection/reality-check',
    {
      ...secured,
      schema: {
        tags: ['users'],
        body: Type.Object(
          { minutes: Type.Integer({ minimum: 0, maximum: 1440 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const { minutes } = req.body;
      if (!(REALITY_CHECK_CHOICES as readonly number[]).includes(minutes)) {
        const msg = `minutes must be one of ${REALITY_CHECK_CHOICES.join(', ')}`;
        throw badRequest(msg, [{ path: 'minutes', location: 'body', msg }]);
      }
      const user = await setRealityCheck(idn, req.user!.id, minutes);
      if (!user) throw new HttpError(401, ACCOUNT_GONE);
      return answer(minutes ? `Reality check every ${minutes} minutes.` : 'Reality check turned off.', user);
    },
  );
}
