import { recordEvents } from '@bet/kit';
import { UserPresence } from '@bet/proto-events';
import type { AppContext } from '../context';
import { markPresence } from '../store/users';
import { nowDate } from './clock';

/** The gateway reports a socket coming or going; last-seen is the time of either. */
export async function recordPresence(
  ctx: AppContext,
  input: { userId: string; isOnline: boolean },
): Promise<boolean> {
  return ctx.tx(async (trx) => {
    const now = nowDate(ctx);
    if (!(await markPresence(trx, input.userId, input.isOnline, now))) return false;
    await recordEvents(trx, UserPresence, [
      { data: { userId: input.userId, isOnline: input.isOnline, lastSeen: now.toISOString() } },
    ]);
    return true;
  });
}
