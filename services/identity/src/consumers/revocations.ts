import { NEVER_GIVE_UP } from '@bet/kit';
import { UserSessionsRevoked } from '@bet/proto-events';
import { consumer } from '../context';

/**
 * Writes each revocation into the shared list again. The use case already wrote it inside its
 * transaction; this durable consumer makes sure a cache outage at that moment cannot leave a
 * revoked token working. The list only ever moves forward, so a replay is harmless and no
 * inbox row is needed.
 */
export const revocationsConsumer = consumer({
  durable: 'identity-revocations',
  events: [UserSessionsRevoked],
  once: false,
  // a revocation dropped after a cache outage would leave a revoked token working
  maxDeliver: NEVER_GIVE_UP,
  async handle(ctx, event) {
    const d = event.data;
    if (d.sessionId) await ctx.revocations.revokeSession(d.sessionId);
    else await ctx.revocations.revokeUser(d.userId, d.revokedAt);
  },
});
