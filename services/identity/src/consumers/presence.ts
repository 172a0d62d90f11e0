import { IdentityPresence, validate } from '@bet/proto-events';
import type { Identity } from '../app/context';
import { recordPresence } from '../app/presence';

/** Answers the gateway's identity.presence command. */
export async function presenceResponder(idn: Identity) {
  return idn.ctx.bus.reply(IdentityPresence.subject, async (data: unknown) => {
    if (validate(IdentityPresence.request, data).length > 0) return { ok: false };
    return { ok: await recordPresence(idn, data as { userId: string; isOnline: boolean }) };
  });
}
