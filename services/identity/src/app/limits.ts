import { recordEvent } from '@bet/kit';
import { UserUpdated } from '@bet/proto-events';
import { hasDuePending, type Limits, requestLimit, sameLimits, settleLimits } from '../domain/limits';
import { type User, userUpdatedPayload } from '../domain/users';
import type { Db } from '../store/db';
import { findUserById, limitsColumns, updateUser } from '../store/users';
import type { Identity } from './context';

/** Applies pending limit changes that are due, inside the caller's transaction. */
export async function settleDueInTx(idn: Identity, trx: Db, userId: string): Promise<User | undefined> {
  const now = idn.clock.now();
  const user = await findUserById(trx, userId, { forUpdate: true });
  if (!user || !hasDuePending(user.limits, now)) return user;
  const updated = await updateUser(trx, userId, limitsColumns(settleLimits(user.limits, now)), now);
  await recordEvent(trx, UserUpdated.subject, userUpdatedPayload(updated));
  return updated;
}

/**
 * The open account with its limits brought up to date. A due change is applied here (lazily)
 * as well as by the periodic sweep, so nobody ever sees a limit that should have moved.
 */
export async function loadActiveUser(idn: Identity, userId: string): Promise<User | undefined> {
  const user = await findUserById(idn.ctx.db, userId);
  if (!user || !hasDuePending(user.limits, idn.clock.now())) return user;
  return idn.ctx.tx((trx) => settleDueInTx(idn, trx, userId));
}

export async function setLimits(
  idn: Identity,
  userId: string,
  requested: { betCount: number; stakeCents: number },
): Promise<User | undefined> {
  return idn.ctx.tx(async (trx) => {
    const now = idn.clock.now();
    const user = await findUserById(trx, userId, { forUpdate: true });
    if (!user) return undefined;
    const current = settleLimits(user.limits, now);
    const next: Limits = {
      betCount: requestLimit(current.betCount, requested.betCount, now, idn.coolingOffMs),
      stakeCents: requestLimit(current.stakeCents, requested.stakeCents, now, idn.coolingOffMs),
    };
    if (sameLimits(next, user.limits)) return user;
    const updated = await updateUser(trx, userId, limitsColumns(next), now);
    await recordEvent(trx, UserUpdated.subject, userUpdatedPayload(updated));
    return updated;
  });
}

/** One pass of the sweep: applies every due change (each user in its own transaction). */
export async function sweepDueLimits(idn: Identity, batch = 100): Promise<number> {
  let applied = 0;
  for (;;) {
    const now = idn.clock.now();
    const due = await idn.ctx.db
      .selectFrom('users')
      .select('id')
      .where('closed_at', 'is', null)
      .where((eb) => eb.or([eb('pending_bet_count_at', '<=', now), eb('pending_stake_at', '<=', now)]))
      .limit(batch)
      .execute();
    for (const { id } of due) {
      await idn.ctx.tx((trx) => settleDueInTx(idn, trx, id));
      applied++;
    }
    if (due.length < batch) return applied;
  }
}
