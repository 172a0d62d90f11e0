import { recordEvent } from '@bet/kit';
import { UserPresence } from '@bet/proto-events';
import type { Identity } from './context';

/** The gateway reports a socket coming or going; last-seen is the time of either. */
export async function recordPresence(
  idn: Identity,
  input: { userId: string; isOnline: boolean },
): Promise<boolean> {
  return idn.ctx.tx(async (trx) => {
    const now = idn.clock.now();
    const row = await trx
      .updateTable('users')
      .set({ is_online: input.isOnline, last_seen: now })
      .where('id', '=', input.userId)
      .where('closed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await recordEvent(trx, UserPresence.subject, {
      userId: input.userId,
      isOnline: input.isOnline,
      lastSeen: now.toISOString(),
    });
    return true;
  });
}
