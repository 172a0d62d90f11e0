import type {
  BettingReleaseStake,
  BettingReserveStake,
  CommandReply,
  CommandRequest,
} from '@bet/proto-events';
import type { KitContext } from '../config';
import { ExcludedError, WeeklyBetCountLimitError, WeeklyStakeLimitError } from '../domain/errors';
import {
  anyWeeklyLimit,
  checkNotExcluded,
  checkWeeklyLimits,
  NO_USAGE,
  type UserLimits,
  type WeekUsage,
} from '../domain/limits';
import { weekStart } from '../domain/week';
import type { Db } from '../store/db';
import {
  insertOutsideStake,
  outsideStakeKnown,
  releaseOutsideStake,
  weekUsage,
} from '../store/outside-stakes';
import { lockOrCreateUser } from '../store/users';

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
 * The one weekly usage count the responsible-gambling limits apply to: sportsbook bets and
 * stakes placed elsewhere on the platform (Aviator). Read under the user's row lock, so
 * concurrent placements from both games see each other.
 */
export function usageThisWeek(trx: Db, userId: string, now: Date): Promise<WeekUsage> {
  return weekUsage(trx, userId, weekStart(now));
}

/** betting.reserve_stake: an Aviator stake checked against and counted into the shared weekly usage. */
export async function reserveStake(
  ctx: KitContext,
  req: CommandRequest<typeof BettingReserveStake>,
): Promise<CommandReply<typeof BettingReserveStake>> {
  const now = new Date();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await lockOrCreateUser(trx, req.userId, req.username);
    if (user.deleted) return { ok: false, reason: 'account_closed', msg: 'This account is closed.' };
    try {
      checkNotExcluded(user.excluded_until, now);
    } catch (err) {
      if (err instanceof ExcludedError) return { ok: false, reason: 'excluded', msg: err.message };
      throw err;
    }
    if (await outsideStakeKnown(trx, req.reference)) return { ok: true, duplicate: true };
    try {
      const limits = limitsOf(user);
      checkWeeklyLimits(
        limits,
        anyWeeklyLimit(limits, now) ? await usageThisWeek(trx, req.userId, now) : NO_USAGE,
        { bets: 1, stakeCents: BigInt(req.stakeCents) },
        now,
      );
    } catch (err) {
      if (err instanceof WeeklyBetCountLimitError)
        return { ok: false, reason: 'weekly_bet_count_limit', msg: err.message };
      if (err instanceof WeeklyStakeLimitError)
        return { ok: false, reason: 'weekly_stake_limit', msg: err.message };
      throw err;
    }
    await insertOutsideStake(trx, {
      reference: req.reference,
      userId: req.userId,
      source: req.source,
      stakeCents: req.stakeCents,
      at: now,
    });
    return { ok: true, duplicate: false };
  });
}

/** betting.release_stake: the outside bet was never accepted; its stake stops counting. */
export async function releaseStake(
  ctx: KitContext,
  req: CommandRequest<typeof BettingReleaseStake>,
): Promise<CommandReply<typeof BettingReleaseStake>> {
  return { ok: true, released: await releaseOutsideStake(ctx.db, req.reference) };
}
