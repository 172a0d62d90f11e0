import { DomainError } from '@bet/kit';
import type {
  BettingReleaseStake,
  BettingReserveStake,
  CommandReply,
  CommandRequest,
} from '@bet/proto-events';
import { sql } from 'kysely';
import { checkNotExcluded, checkWeeklyLimits, type UserLimits, type WeekUsage } from '../domain/limits';
import { weekStart } from '../domain/week';
import { ensureUser } from './read-models';
import type { Ctx, Db } from './types';

type UserRow = {
  bet_count_limit: number;
  bet_count_pending: number | null;
  bet_count_pending_at: Date | null;
  stake_limit_cents: string | number | bigint;
  stake_pending_cents: string | number | bigint | null;
  stake_pending_at: Date | null;
};

export function limitsOf(user: UserRow): UserLimits {
  return {
    betCount: {
      limit: user.bet_count_limit,
      pending: user.bet_count_pending_at
        ? { value: user.bet_count_pending ?? 0, effectiveAt: user.bet_count_pending_at }
        : null,
    },
    stakeCents: {
      limit: Number(user.stake_limit_cents),
      pending: user.stake_pending_at
        ? { value: Number(user.stake_pending_cents ?? 0), effectiveAt: user.stake_pending_at }
        : null,
    },
  };
}

/**
 * The one weekly usage count the responsible-gambling limits apply to: sportsbook bets
 * (not rejected) plus stakes placed elsewhere on the platform (Aviator) and not released.
 * Read under the user's row lock, so concurrent placements from both games see each other.
 */
export async function weekUsage(trx: Db, userId: string, now: Date): Promise<WeekUsage> {
  const since = weekStart(now);
  // one round trip for both counts (this runs on every placement, under the user's lock)
  const row = await trx
    .selectFrom([
      trx
        .selectFrom('bets')
        .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(stake_cents), 0)`.as('s')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('status', '!=', 'rejected')
        .as('b'),
      trx
        .selectFrom('outside_stakes')
        .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(stake_cents), 0)`.as('s')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('released', '=', false)
        .as('o'),
    ])
    .select(['b.n as bets', 'b.s as stake', 'o.n as outside_bets', 'o.s as outside_stake'])
    .executeTakeFirstOrThrow();
  return {
    bets: Number(row.bets) + Number(row.outside_bets),
    stakeCents: BigInt(row.stake) + BigInt(row.outside_stake),
  };
}

/** betting.reserve_stake: an Aviator stake checked against and counted into the shared weekly usage. */
export async function reserveStake(
  ctx: Ctx,
  req: CommandRequest<typeof BettingReserveStake>,
): Promise<CommandReply<typeof BettingReserveStake>> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    const lockUser = () =>
      trx.selectFrom('users').selectAll().where('id', '=', req.userId).forUpdate().executeTakeFirst();
    let user = await lockUser();
    if (!user) {
      await ensureUser(trx, req.userId, req.username);
      user = (await lockUser())!;
    }
    if (user.deleted) return { ok: false, reason: 'account_closed', msg: 'This account is closed.' };
    try {
      checkNotExcluded(user.excluded_until, now);
    } catch (err) {
      if (err instanceof DomainError) return { ok: false, reason: 'excluded', msg: err.message };
      throw err;
    }
    const known = await trx
      .selectFrom('outside_stakes')
      .select('reference')
      .where('reference', '=', req.reference)
      .executeTakeFirst();
    if (known) return { ok: true, duplicate: true };
    try {
      checkWeeklyLimits(
        limitsOf(user),
        await weekUsage(trx, req.userId, now),
        { bets: 1, stakeCents: BigInt(req.stakeCents) },
        now,
      );
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.code === 'weekly_bet_count_limit' || err.code === 'weekly_stake_limit')
      )
        return { ok: false, reason: err.code, msg: err.message };
      throw err;
    }
    await trx
      .insertInto('outside_stakes')
      .values({
        reference: req.reference,
        user_id: req.userId,
        source: req.source,
        stake_cents: String(req.stakeCents),
        created_at: now,
      })
      .execute();
    return { ok: true, duplicate: false };
  });
}

/** betting.release_stake: the outside bet was never accepted; its stake stops counting. */
export async function releaseStake(
  ctx: Ctx,
  req: CommandRequest<typeof BettingReleaseStake>,
): Promise<CommandReply<typeof BettingReleaseStake>> {
  const res = await ctx.db
    .updateTable('outside_stakes')
    .set({ released: true })
    .where('reference', '=', req.reference)
    .where('released', '=', false)
    .executeTakeFirst();
  return { ok: true, released: Number(res.numUpdatedRows) === 1 };
}
