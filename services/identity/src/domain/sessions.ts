/**
 * A sign-in is a session: a family of refresh tokens. A refresh token stays valid until it
 * expires (absolute lifetime), goes unused for the idle lifetime, or its session is revoked;
 * plain refreshes may use it any number of times. A client that asks for rotation gets a new
 * token each time and the old one is used up: presenting a used-up token means two parties
 * hold it (one of them stole it), so the whole family is revoked.
 */
export interface RefreshRecord {
  tokenHash: string;
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
  /** the last refresh with this token, or its creation */
  lastUsedAt: Date;
}

export type RefreshVerdict = 'ok' | 'unknown' | 'expired' | 'idle' | 'revoked' | 'reused';

export function judgeRefresh(
  record: RefreshRecord | undefined,
  presentedHash: string,
  now: Date,
  hashesEqual: (a: string, b: string) => boolean,
  idleMs = Number.POSITIVE_INFINITY,
): RefreshVerdict {
  if (!record || !hashesEqual(record.tokenHash, presentedHash)) return 'unknown';
  if (record.revokedAt) return 'revoked';
  if (record.usedAt) return 'reused';
  if (record.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (now.getTime() - record.lastUsedAt.getTime() > idleMs) return 'idle';
  return 'ok';
}

export const REFRESH_MESSAGES: Record<Exclude<RefreshVerdict, 'ok'>, string> = {
  unknown: 'Invalid refresh token.',
  expired: 'Refresh token expired. Please log in again.',
  idle: 'Your session ended after a long time without use. Please log in again.',
  revoked: 'This session has ended. Please log in again.',
  reused:
    'This refresh token was already used; the session has been ended for your safety. Please log in again.',
};
