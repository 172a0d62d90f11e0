import { HttpError, newId, recordEvent } from '@bet/kit';
import { type EventData, UserSessionsRevoked } from '@bet/proto-events';
import { hashesEqual, RefreshTokenError, sha256 } from '../adapters/tokens';
import { judgeRefresh, REFRESH_MESSAGES, type RefreshVerdict } from '../domain/sessions';
import type { User } from '../domain/users';
import type { Db } from '../store/db';
import { findUserById } from '../store/users';
import type { Identity } from './context';
import { settleDueInTx } from './limits';

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
  idn: Identity,
  trx: Db,
  user: User,
  opts: { familyId?: string; expiresAt?: Date } = {},
): Promise<TokenPair> {
  const now = new Date();
  const current = await currentUser(trx, user.id);
  const familyId = opts.familyId ?? newId();
  const access = await idn.tokens.signAccess(current, familyId);
  const id = newId();
  const expiresAt = opts.expiresAt ?? new Date(now.getTime() + idn.tokens.refreshTtlMs);
  const refreshToken = await idn.tokens.signRefresh({ userId: user.id, jti: id, expiresAt });
  await trx
    .insertInto('refresh_tokens')
    .values({
      id,
      family_id: familyId,
      user_id: user.id,
      token_hash: sha256(refreshToken),
      access_jti: access.jti,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { accessToken: access.token, refreshToken };
}

async function currentUser(trx: Db, userId: string): Promise<User> {
  const user = await findUserById(trx, userId, { forShare: true });
  if (!user) throw new HttpError(403, REFRESH_MESSAGES.revoked, undefined, 'invalid_grant');
  return user;
}

/**
 * Revocations reach every service through the shared revocation list (written here, inside
 * the transaction, so nothing minted after this point escapes it; a rollback only ends
 * sessions that would have ended anyway) and through `user.sessions_revoked`, whose
 * consumer writes the list again should this write be lost, and which drops open sockets.
 */
async function announce(
  idn: Identity,
  trx: Db,
  userId: string,
  sessionId: string | null,
  reason: RevocationReason,
) {
  const revokedAt = Date.now();
  if (sessionId) await idn.revocations.revokeSession(sessionId);
  else await idn.revocations.revokeUser(userId, revokedAt);
  await recordEvent(trx, UserSessionsRevoked.subject, { userId, sessionId, revokedAt, reason });
}

/**
 * Every access token of the user minted until now stops working; the sessions go on, and
 * their next refresh carries the account as it is now (a demotion).
 */
export async function revokeAccessTokens(idn: Identity, trx: Db, userId: string, reason: RevocationReason) {
  await announce(idn, trx, userId, null, reason);
}

/** Ends one session (refresh-token family): its refresh tokens and its access tokens. */
export async function revokeFamily(
  idn: Identity,
  trx: Db,
  family: { id: string; userId: string },
  reason: RevocationReason,
  now = new Date(),
) {
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', family.id)
    .where('revoked_at', 'is', null)
    .execute();
  await announce(idn, trx, family.userId, family.id, reason);
}

/**
 * Ends every session of a user, or every one but `keepFamily` (a password change keeps the
 * session it was made from; the others end, each by its own revocation).
 */
export async function revokeUserSessions(
  idn: Identity,
  trx: Db,
  userId: string,
  reason: RevocationReason,
  opts: { keepFamily?: string } = {},
) {
  let q = trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (opts.keepFamily) q = q.where('family_id', '!=', opts.keepFamily);
  const ended = await q.returning('family_id').execute();
  if (!opts.keepFamily) {
    await announce(idn, trx, userId, null, reason);
    return;
  }
  // access tokens outlive their refresh token: every family the user had in the token
  // lifetime is ended, also those whose refresh tokens were already spent
  const recent = await trx
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('family_id', '!=', opts.keepFamily)
    .where('created_at', '>', new Date(Date.now() - idn.tokens.accessTtlMs - 60_000))
    .execute();
  const families = new Set([...ended, ...recent].map((r) => r.family_id));
  for (const family of families) await announce(idn, trx, userId, family, reason);
}

/** A refused refresh: never a 401, which a client that refreshes on every 401 would loop on. */
function refused(verdict: Exclude<RefreshVerdict, 'ok'>) {
  return new HttpError(400, REFRESH_MESSAGES[verdict], undefined, 'invalid_grant');
}

/**
 * A refresh. By default the presented token stays valid until it expires, idles out or is
 * revoked, so any number of refreshes (also at once) succeed and the answer carries the same
 * refresh token. With `rotate`, the token is used up and a new one returned; presenting a
 * used-up token again means two parties hold it, and the whole session ends.
 */
export async function refreshSession(
  idn: Identity,
  token: string,
  opts: { rotate?: boolean } = {},
): Promise<TokenPair> {
  let claims: { userId: string; jti: string };
  try {
    claims = await idn.tokens.verifyRefresh(token);
  } catch (err) {
    const reason = err instanceof RefreshTokenError ? err.reason : 'invalid';
    throw refused(reason === 'expired' ? 'expired' : 'unknown');
  }
  const outcome = await idn.ctx.tx(async (trx) => {
    const now = new Date();
    let q = trx.selectFrom('refresh_tokens').selectAll().where('id', '=', claims.jti);
    // a rotation takes the row for itself; plain refreshes only read it and may run together
    if (opts.rotate) q = q.forUpdate();
    const row = await q.executeTakeFirst();
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
      idn.refreshIdleMs,
    );
    if (verdict === 'reused' && row) {
      await revokeFamily(idn, trx, { id: row.family_id, userId: row.user_id }, 'refresh_reuse', now);
      idn.ctx.logger.warn(
        { userId: row.user_id, family: row.family_id },
        'refresh token reused; session family revoked',
      );
    }
    if (verdict !== 'ok' || !row) return { verdict: verdict as Exclude<RefreshVerdict, 'ok'> };
    // the current role and username go into the new access token
    const user = await settleDueInTx(idn, trx, row.user_id);
    if (!user) {
      await revokeFamily(idn, trx, { id: row.family_id, userId: row.user_id }, 'account_closed', now);
      return { verdict: 'revoked' as const };
    }
    if (opts.rotate) {
      await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
      // a rotated session keeps its absolute lifetime: the new token expires with the old one
      return {
        pair: await issueSession(idn, trx, user, {
          familyId: row.family_id,
          expiresAt: new Date(row.expires_at),
        }),
      };
    }
    // the idle clock needs minutes, not every call: concurrent refreshes do not queue on the row
    await trx
      .updateTable('refresh_tokens')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]),
      )
      .execute();
    const access = await idn.tokens.signAccess(user, row.family_id);
    return { pair: { accessToken: access.token, refreshToken: token } };
  });
  // the revocation above commits; only then is the caller refused
  if ('verdict' in outcome) throw refused(outcome.verdict ?? 'unknown');
  return outcome.pair;
}

/** Ends the session the refresh token belongs to; an already ended session is fine. */
export async function logout(idn: Identity, token: string): Promise<void> {
  let claims: { jti: string };
  try {
    claims = await idn.tokens.verifyRefresh(token, { allowExpired: true });
  } catch {
    throw new HttpError(400, REFRESH_MESSAGES.unknown, undefined, 'invalid_grant');
  }
  await idn.ctx.tx(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'token_hash', 'user_id'])
      .where('id', '=', claims.jti)
      .executeTakeFirst();
    if (row && hashesEqual(row.token_hash, sha256(token)))
      await revokeFamily(idn, trx, { id: row.family_id, userId: row.user_id }, 'logout');
  });
}
