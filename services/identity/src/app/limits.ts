import { recordEvents } from '@bet/kit';
import { UserUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import { hasDuePending, type Limits, requestLimit, sameLimits, settleLimits } from '../domain/limits';
import { type User, userUpdatedPayload } from '../domain/users';
import type { Db } from '../store/db';
import { dueLimitUserIds, findUserById, limitsColumns, updateUser } from '../store/users';
import { nowDate } from './clock';

/** Applies pending limit changes that are due, inside the caller's transaction. */
export async function settleDueInTx(ctx: AppContext, trx: Db, userId: string): Promise<User | undefined> {
  const now = nowDate(ctx);
  const user = await findUserById(trx, userId, { forUpdate: true });
  if (!user || !hasDuePending(user.limits, now)) return user;
  const updated = await updateUser(trx, userId, limitsColumns(settleLimits(user.limits, now)), now);
  await recordEvents(trx, UserUpdated, [{ data: userUpdatedPayload(updated) }]);
  return updated;
}

/**
 * The open account with its limits brought up to date. A due change is applied here (lazily)
 * as well as by the periodic sweep, so nobody ever sees a limit that should have moved.
 */
export async function loadActiveUser(ctx: AppContext, userId: string): Promise<User | undefined> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !hasDuePending(user.limits, nowDate(ctx))) return user;
  return ctx.tx((trx) => settleDueInTx(ctx, trx, userId));
}

export async function setLimits(
  ctx: AppContext,
  userId: string,
  requested: { betCount: number; stakeCents: number },
): Promise<User | undefined> {
  return ctx.tx(async (trx) => {
    const now = nowDate(ctx);
    const user = await findUserById(trx, userId, { forUpdate: true });
    if (!user) return undefined;
    const current = settleLimits(user.limits, now);
    const next: Limits = {
      betCount: requestLimit(current.betCount, requested.betCount, now, ctx.coolingOffMs),
      stakeCents: requestLimit(current.stakeCents, requested.stakeCents, now, ctx.coolingOffMs),
    };
    if (sameLimits(next, user.limits)) return user;
    const updated = await updateUser(trx, userId, limitsColumns(next), now);
    await recordEvents(trx, UserUpdated, [{ data: userUpdatedPayload(updated) }]);
    return updated;
  });
}

/** One pass of the sweep: applies every due change (each user in its own transaction). */
export async function sweepDueLimits(ctx: AppContext, batch = 100): Promise<number> {
  let applied = 0;
  for (;;) {
    const now = nowDate(ctx);
    const due = await dueLimitUserIds(ctx.db, now, batch);
    for (const id of due) {
      await ctx.tx((trx) => settleDueInTx(ctx, trx, id));
      applied++;
    }
    if (due.length < batch) return applied;
  }
}
