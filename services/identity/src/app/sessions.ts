import { newId, recordEvents } from '@bet/kit';
import { type EventData, UserSessionsRevoked } from '@bet/proto-events';
import type { AppContext } from '../context';
import { GrantRefusedError, GrantRevokedError } from '../domain/errors';
import { judgeRefresh, REFRESH_MESSAGES, type RefreshVerdict } from '../domain/sessions';
import type { User } from '../domain/users';
import type { Db } from '../store/db';
import {
  familiesSince,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamilyTokens,
  revokeUserTokens,
  touchRefreshToken,
} from '../store/sessions';
import { findUserById } from '../store/users';
import { settleDueInTx } from './limits';
import { hashesEqual, RefreshTokenError, sha256 } from './tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type RevocationReason = EventData<typeof UserSessionsRevoked>['reason'];

/**
 * Mints an access token and a refresh token and records the refresh token (hashed). The
 * role and name in the token are read here, under a share lock: a role change or closure
 * running at the same time waits for this transaction, so its revocation (written after
 * the lock is granted) also covers the token minted here.
 */
export async function issueSession(
  ctx: AppContext,
  trx: Db,
  user: User,
  opts: { familyId?: string; expiresAt?: Date } = {},
): Promise<TokenPair> {
  const now = new Date();
  const current = await currentUser(trx, user.id);
  const familyId = opts.familyId ?? newId();
  const access = await ctx.tokens.signAccess(current, familyId);
  const id = newId();
  const expiresAt = opts.expiresAt ?? new Date(now.getTime() + ctx.tokens.refreshTtlMs);
  const refreshToken = await ctx.tokens.signRefresh({ userId: user.id, jti: id, expiresAt });
  await insertRefreshToken(trx, {
    id,
    familyId,
    userId: user.id,
    tokenHash: sha256(refreshToken),
    accessJti: access.jti,
    now,
    expiresAt,
  });
  return { accessToken: access.token, refreshToken };
}

async function currentUser(trx: Db, userId: string): Promise<User> {
  const user = await findUserById(trx, userId, { forShare: true });
  if (!user) throw new GrantRevokedError(REFRESH_MESSAGES.revoked);
  return user;
}

/**
 * Revocations reach every service through the shared revocation list (written here, inside
 * the transaction, so nothing minted after this point escapes it; a rollback only ends
 * sessions that would have ended anyway) and through `user.sessions_revoked`, whose
 * consumer writes the list again should this write be lost, and which drops open sockets.
 */
async function announce(
  ctx: AppContext,
  trx: Db,
  userId: string,
  sessionId: string | null,
  reason: RevocationReason,
) {
  const revokedAt = Date.now();
  if (sessionId) await ctx.revocations.revokeSession(sessionId);
  else await ctx.revocations.revokeUser(userId, revokedAt);
  await recordEvents(trx, UserSessionsRevoked, [{ data: { userId, sessionId, revokedAt, reason } }]);
}

/**
 * Every access token of the user minted until now stops working; the sessions go on, and
 * their next refresh carries the account as it is now (a demotion).
 */
export async function revokeAccessTokens(ctx: AppContext, trx: Db, userId: string, reason: RevocationReason) {
  await announce(ctx, trx, userId, null, reason);
}

/** Ends one session (refresh-token family): its refresh tokens and its access tokens. */
export async function revokeFamily(
  ctx: AppContext,
  trx: Db,
  family: { id: string; userId: string },
  reason: RevocationReason,
  now = new Date(),
) {
  await revokeFamilyTokens(trx, family.id, now);
  await announce(ctx, trx, family.userId, family.id, reason);
}

/**
 * Ends every session of a user, or every one but `keepFamily` (a password change keeps the
 * session it was made from; the others end, each by its own revocation).
 */
export async function revokeUserSessions(
  ctx: AppContext,
  trx: Db,
  userId: string,
  reason: RevocationReason,
  opts: { keepFamily?: string } = {},
) {
  const ended = await revokeUserTokens(trx, userId, new Date(), opts.keepFamily);
  if (!opts.keepFamily) {
    await announce(ctx, trx, userId, null, reason);
    return;
  }
  // access tokens outlive their refresh token: every family the user had in the token
  // lifetime is ended, also those whose refresh tokens were already spent
  const recent = await familiesSince(
    trx,
    userId,
    new Date(Date.now() - ctx.tokens.accessTtlMs - 60_000),
    opts.keepFamily,
  );
  const families = new Set([...ended, ...recent]);
  for (const family of families) await announce(ctx, trx, userId, family, reason);
}

/** A refused refresh: never a 401, which a client that refreshes on every 401 would loop on. */
function refused(verdict: Exclude<RefreshVerdict, 'ok'>) {
  return new GrantRefusedError(REFRESH_MESSAGES[verdict]);
}

/**
 * A refresh. By default the presented token stays valid until it expires, idles out or is
 * revoked, so any number of refreshes (also at once) succeed and the answer carries the same
 * refresh token. With `rotate`, the token is used up and a new one returned; presenting a
 * used-up token again means two parties hold it, and the whole session ends.
 */
export async function refreshSession(
  ctx: AppContext,
  token: string,
  opts: { rotate?: boolean } = {},
): Promise<TokenPair> {
  let claims: { userId: string; jti: string };
  try {
    claims = await ctx.tokens.verifyRefresh(token);
  } catch (err) {
    const reason = err instanceof RefreshTokenError ? err.reason : 'invalid';
    throw refused(reason === 'expired' ? 'expired' : 'unknown');
  }
  const outcome = await ctx.tx(async (trx) => {
    const now = new Date();
    // a rotation takes the row for itself; plain refreshes only read it and may run together
    const row = await findRefreshToken(trx, claims.jti, { forUpdate: opts.rotate });
    const verdict = judgeRefresh(
      row && {
        tokenHash: row.token_hash,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
        expiresAt: new Date(row.expires_at),
        lastUsedAt: new Date(row.last_used_at ?? row.created_at),
      },
      sha256(token),
      now,
      hashesEqual,
      ctx.refreshIdleMs,
    );
    if (verdict === 'reused' && row) {
      await revokeFamily(ctx, trx, { id: row.family_id, userId: row.user_id }, 'refresh_reuse', now);
      ctx.logger.warn(
        { userId: row.user_id, family: row.family_id },
        'refresh token reused; session family revoked',
      );
    }
    if (verdict !== 'ok' || !row) return { verdict: verdict as Exclude<RefreshVerdict, 'ok'> };
    // the current role and username go into the new access token
    const user = await settleDueInTx(ctx, trx, row.user_id);
    if (!user) {
      await revokeFamily(ctx, trx, { id: row.family_id, userId: row.user_id }, 'account_closed', now);
      return { verdict: 'revoked' as const };
    }
    if (opts.rotate) {
      await markRefreshTokenUsed(trx, row.id, now);
      // a rotated session keeps its absolute lifetime: the new token expires with the old one
      return {
        pair: await issueSession(ctx, trx, user, {
          familyId: row.family_id,
          expiresAt: new Date(row.expires_at),
        }),
      };
    }
    // the idle clock needs minutes, not every call: concurrent refreshes do not queue on the row
    await touchRefreshToken(trx, row.id, now);
    const access = await ctx.tokens.signAccess(user, row.family_id);
    return { pair: { accessToken: access.token, refreshToken: token } };
  });
  // the revocation above commits; only then is the caller refused
  if ('verdict' in outcome) throw refused(outcome.verdict ?? 'unknown');
  return outcome.pair;
}

/** Ends the session the refresh token belongs to; an already ended session is fine. */
export async function logout(ctx: AppContext, token: string): Promise<void> {
  let claims: { jti: string };
  try {
    claims = await ctx.tokens.verifyRefresh(token, { allowExpired: true });
  } catch {
    throw new GrantRefusedError(REFRESH_MESSAGES.unknown);
  }
  await ctx.tx(async (trx) => {
    const row = await findRefreshToken(trx, claims.jti);
    if (row && hashesEqual(row.token_hash, sha256(token)))
      await revokeFamily(ctx, trx, { id: row.family_id, userId: row.user_id }, 'logout');
  });
}
