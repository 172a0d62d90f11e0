import type { Cache } from '../cache';
import {
  DEFAULT_MAX_TOKEN_AGE_SECONDS,
  type RevocationChecker,
  RevocationUnavailableError,
  type VerifiedUser,
} from './tokens';

export type { RevocationChecker };

/**
 * The revocation list every service and gateway reads: Redis in a cluster (one shared
 * prefix), the in-memory cache in embedded mode. Identity writes it right after the change
 * commits (and again from its own consumer of `user.sessions_revoked`, should that first
 * write fail), so a revocation is seen by the next request on any replica.
 *
 * Two kinds of entry, each kept as long as a token could still be valid:
 * - per user, the time of the last revocation: every token minted at or before it is refused
 *   (role change, closure, password reset, "sign out everywhere");
 * - per session, a flag: the tokens of one sign-in are refused (logout, refresh-token reuse,
 *   the other sessions after a password change).
 */
export class Revocations implements RevocationChecker {
  private readonly ttlMs: number;

  constructor(
    private readonly cache: Cache,
    opts: { maxTokenAgeSeconds?: number } = {},
  ) {
    this.ttlMs = ((opts.maxTokenAgeSeconds ?? DEFAULT_MAX_TOKEN_AGE_SECONDS) + 120) * 1000;
  }

  private static userKey = (userId: string) => `revoked:user:${userId}`;
  private static sessionKey = (sessionId: string) => `revoked:session:${sessionId}`;

  async isRevoked(user: VerifiedUser): Promise<boolean> {
    let userAt: string | null;
    let session: string | null;
    try {
      // both in one read: this runs for every request with a token, on every service
      [userAt = null, session = null] = await this.cache.getMany([
        Revocations.userKey(user.id),
        Revocations.sessionKey(user.sessionId),
      ]);
    } catch (err) {
      // fail closed, but not as "your token is bad": the client must not sign out for an outage
      throw new RevocationUnavailableError(`revocation list unavailable: ${(err as Error).message}`);
    }
    if (session) return true;
    return userAt !== null && user.issuedAtMs <= Number(userAt);
  }

  /** Every token of the user minted at or before `atMs` stops working. Never moves back in time. */
  async revokeUser(userId: string, atMs: number): Promise<void> {
    const key = Revocations.userKey(userId);
    const current = await this.cache.get(key);
    if (current !== null && Number(current) >= atMs) return;
    await this.cache.set(key, String(atMs), this.ttlMs);
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.cache.set(Revocations.sessionKey(sessionId), '1', this.ttlMs);
  }
}
