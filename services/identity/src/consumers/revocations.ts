import { UserSessionsRevoked } from '@bet/proto-events';
import type { Identity } from '../app/context';

/**
 * Writes each revocation into the shared list again. The use case already wrote it inside its
 * transaction; this durable consumer makes sure a cache outage at that moment cannot leave a
 * revoked token working (the list only ever moves forward, so a replay is harmless).
 */
export async function revocationConsumer(idn: Identity) {
  return idn.ctx.bus.consume({
    durable: 'identity-revocations',
    subjects: [UserSessionsRevoked.subject],
    handler: async (event) => {
      const d = event.data as { userId: string; sessionId: string | null; revokedAt: number };
      if (d.sessionId) await idn.revocations.revokeSession(d.sessionId);
      else await idn.revocations.revokeUser(d.userId, d.revokedAt);
    },
  });
}
