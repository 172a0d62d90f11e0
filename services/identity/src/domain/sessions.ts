/**
 * Refresh tokens rotate: each use returns a new one and marks the old one used. The tokens
 * that descend from one sign-in form a family. Presenting a token that was already used means
 * two parties hold it (one of them stole it), so the whole family is revoked.
 */
export interface RefreshRecord {
  tokenHash: string;
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

export type RefreshVerdict = 'ok' | 'unknown' | 'expired' | 'revoked' | 'reused';

export function judgeRefresh(
  record: RefreshRecord | undefined,
  presentedHash: string,
  now: Date,
  hashesEqual: (a: string, b: string) => boolean,
): RefreshVerdict {
  if (!record || !hashesEqual(record.tokenHash, presentedHash)) return 'unknown';
  if (record.revokedAt) return 'revoked';
  if (record.usedAt) return 'reused';
  if (record.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}

export const REFRESH_MESSAGES: Record<Exclude<RefreshVerdict, 'ok'>, string> = {
  unknown: 'Invalid refresh token.',
  expired: 'Refresh token expired. Please log in again.',
  revoked: 'This session has ended. Please log in again.',
  reused:
    'This refresh token was already used; the session has been ended for your safety. Please log in again.',
};
