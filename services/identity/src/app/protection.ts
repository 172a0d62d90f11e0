import { recordEvents } from '@bet/kit';
import { UserUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import {
  activeExclusion,
  type ExclusionKind,
  type ExclusionPeriod,
  type Protection,
  protectionToJson,
  protectionView,
  requestDepositLimits,
  requestExclusion,
  settleProtection,
} from '../domain/protection';
import { type User, userUpdatedPayload } from '../domain/users';
import { findUserById, updateUser } from '../store/users';
import { nowDate } from './clock';

/**
 * One change to a player's protection, under the user's row lock, announced with the whole
 * picture so betting (stakes) and the wallet (deposits) enforce it within a message's delay.
 */
async function changeProtection(
  ctx: AppContext,
  userId: string,
  change: (p: Protection, now: Date) => Protection,
): Promise<User | undefined> {
  return ctx.tx(async (trx) => {
    const now = nowDate(ctx);
    const user = await findUserById(trx, userId, { forUpdate: true });
    if (!user) return undefined;
    const next = change(user.protection, now);
    if (protectionToJson(next) === protectionToJson(user.protection)) return user;
    const updated = await updateUser(trx, userId, { protection: protectionToJson(next) }, now);
    await recordEvents(trx, UserUpdated, [{ data: userUpdatedPayload(updated) }]);
    return updated;
  });
}

export const takeBreak = (ctx: AppContext, userId: string, kind: ExclusionKind, period: ExclusionPeriod) =>
  changeProtection(ctx, userId, (p, now) => requestExclusion(p, kind, period, now));

export const setDepositLimits = (
  ctx: AppContext,
  userId: string,
  cents: { daily: number; weekly: number; monthly: number },
) => changeProtection(ctx, userId, (p, now) => requestDepositLimits(p, cents, now, ctx.coolingOffMs));

export const setRealityCheck = (ctx: AppContext, userId: string, minutes: number) =>
  changeProtection(ctx, userId, (p) => ({ ...p, realityCheckMinutes: minutes }));

/** The player's protection as it stands now (due changes applied), as the API shows it. */
export const protectionNow = (ctx: AppContext, user: User) =>
  protectionView(settleProtection(user.protection, nowDate(ctx)));

/** When the break running now ends, if one does. */
export const breakUntil = (ctx: AppContext, user: User) =>
  activeExclusion(user.protection, nowDate(ctx))?.until;
