import { HttpError, newId } from '@bet/kit';
import { hashesEqual, RefreshTokenError, sha256 } from '../adapters/tokens';
import { judgeRefresh, REFRESH_MESSAGES } from '../domain/sessions';
import type { User } from '../domain/users';
import type { Db } from '../store/db';
import type { Identity } from './context';
import { settleDueInTx } from './limits';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Mints an access token and a refresh token and records the refresh token (hashed). */
export async function issueSession(
  idn: Identity,
  trx: Db,
  user: User,
  familyId = newId(),
): Promise<TokenPair> {
  const now = new Date();
  const access = await idn.tokens.signAccess({ id: user.id, role: user.role, username: user.username });
  const id = newId();
  const expiresAt = new Date(now.getTime() + idn.tokens.refreshTtlMs);
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

export async function revokeFamily(trx: Db, familyId: string, now = new Date()) {
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, or every one but `keepFamily`. */
export async function revokeUserSessions(trx: Db, userId: string, opts: { keepFamily?: string } = {}) {
  let q = trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (opts.keepFamily) q = q.where('family_id', '!=', opts.keepFamily);
  await q.execute();
}

/** The session (refresh-token family) a request's access token belongs to. */
export async function familyOfAccessToken(
  db: Db,
  accessJti: string | undefined,
): Promise<string | undefined> {
  if (!accessJti) return undefined;
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('access_jti', '=', accessJti)
    .executeTakeFirst();
  return row?.family_id;
}

/**
 * Rotation: the presented token is used up and a new pair is returned. A token that was
 * already used ends its whole family. The row lock makes two simultaneous uses of one
 * token count as a reuse rather than both succeeding.
 */
export async function refreshSession(idn: Identity, token: string): Promise<TokenPair> {
  let claims: { userId: string; jti: string };
  try {
    claims = await idn.tokens.verifyRefresh(token);
  } catch (err) {
    const reason = err instanceof RefreshTokenError ? err.reason : 'invalid';
    throw new HttpError(401, reason === 'expired' ? REFRESH_MESSAGES.expired : REFRESH_MESSAGES.unknown);
  }
  const outcome = await idn.ctx.tx(async (trx) => {
    const now = new Date();
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('id', '=', claims.jti)
      .forUpdate()
      .executeTakeFirst();
    const verdict = judgeRefresh(
      row && {
        tokenHash: row.token_hash,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
        expiresAt: new Date(row.expires_at),
      },
      sha256(token),
      now,
      hashesEqual,
    );
    if (verdict === 'reused' && row) {
      await revokeFamily(trx, row.family_id, now);
      idn.ctx.logger.warn(
        { userId: row.user_id, family: row.family_id },
        'refresh token reused; session family revoked',
      );
    }
    if (verdict !== 'ok' || !row)
      return { error: REFRESH_MESSAGES[verdict as Exclude<typeof verdict, 'ok'>] };
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    // the current role and username go into the new access token
    const user = await settleDueInTx(idn, trx, row.user_id);
    if (!user) {
      await revokeFamily(trx, row.family_id, now);
      return { error: REFRESH_MESSAGES.revoked };
    }
    return { pair: await issueSession(idn, trx, user, row.family_id) };
  });
  // the revocation above commits; only then is the caller refused
  if ('error' in outcome) throw new HttpError(401, outcome.error ?? REFRESH_MESSAGES.unknown);
  return outcome.pair;
}

/** Ends the session the refresh token belongs to; an already ended session is fine. */
export async function logout(idn: Identity, token: string): Promise<void> {
  let claims: { jti: string };
  try {
    claims = await idn.tokens.verifyRefresh(token, { allowExpired: true });
  } catch {
    throw new HttpError(401, REFRESH_MESSAGES.unknown);
  }
  await idn.ctx.tx(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'token_hash'])
      .where('id', '=', claims.jti)
      .executeTakeFirst();
    if (row && hashesEqual(row.token_hash, sha256(token))) await revokeFamily(trx, row.family_id);
  });
}
