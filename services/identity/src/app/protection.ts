import { recordEvent } from '@bet/kit';
import { UserUpdated } from '@bet/proto-events';
import {
  type ExclusionKind,
  type ExclusionPeriod,
  type Protection,
  protectionToJson,
  requestDepositLimits,
  requestExclusion,
} from '../domain/protection';
import { type User, userUpdatedPayload } from '../domain/users';
import { findUserById, updateUser } from '../store/users';
import type { Identity } from './context';

/**
 * One change to a player's protection, under the user's row lock, announced with the whole
 * picture so betting (stakes) and the wallet (deposits) enforce it within a message's delay.
 */
async function changeProtection(
  idn: Identity,
  userId: string,
  change: (p: Protection, now: Date) => Protection,
): Promise<User | undefined> {
  return idn.ctx.tx(async (trx) => {
    const now = idn.clock.now();
    const user = await findUserById(trx, userId, { forUpdate: true });
    if (!user) return undefined;
    const next = change(user.protection, now);
    if (protectionToJson(next) === protectionToJson(user.protection)) return user;
    const updated = await updateUser(trx, userId, { protection: protectionToJson(next) }, now);
    await recordEvent(trx, UserUpdated.subject, userUpdatedPayload(updated));
    return updated;
  });
}

export const takeBreak = (idn: Identity, userId: string, kind: ExclusionKind, period: ExclusionPeriod) =>
  changeProtection(idn, userId, (p, now) => requestExclusion(p, kind, period, now));

export const setDepositLimits = (
  idn: Identity,
  userId: string,
  cents: { daily: number; weekly: number; monthly: number },
) => changeProtection(idn, userId, (p, now) => requestDepositLimits(p, cents, now, idn.coolingOffMs));

export const setRealityCheck = (idn: Identity, userId: string, minutes: number) =>
  changeProtection(idn, userId, (p) => ({ ...p, realityCheckMinutes: minutes }));
