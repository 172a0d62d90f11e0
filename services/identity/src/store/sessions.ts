import type { Db } from './db';

/** The refresh tokens of the sessions (families of tokens from one sign-in), stored by hash. */
export async function insertRefreshToken(
  trx: Db,
  t: {
    id: string;
    familyId: string;
    userId: string;
    tokenHash: string;
    accessJti: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('refresh_tokens')
    .values({
      id: t.id,
      family_id: t.familyId,
      user_id: t.userId,
      token_hash: t.tokenHash,
      access_jti: t.accessJti,
      created_at: t.now,
      expires_at: t.expiresAt,
    })
    .execute();
}

/** `forUpdate`: a rotation takes the row for itself; plain refreshes only read it and may run together. */
export async function findRefreshToken(trx: Db, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = trx.selectFrom('refresh_tokens').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function revokeFamilyTokens(trx: Db, familyId: string, now: Date): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the user's live refresh tokens (but those of `keepFamily`); their families. */
export async function revokeUserTokens(
  trx: Db,
  userId: string,
  now: Date,
  keepFamily?: string,
): Promise<string[]> {
  let q = trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamily) q = q.where('family_id', '!=', keepFamily);
  return (await q.returning('family_id').execute()).map((r) => r.family_id);
}

/** The user's session families with a token created after `since` (but `exceptFamily`). */
export async function familiesSince(
  trx: Db,
  userId: string,
  since: Date,
  exceptFamily: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('family_id', '!=', exceptFamily)
    .where('created_at', '>', since)
    .execute();
  return rows.map((r) => r.family_id);
}

export async function markRefreshTokenUsed(trx: Db, id: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', id).execute();
}

/** Records a use for the idle lifetime, at most once a minute (concurrent refreshes do not queue on the row). */
export async function touchRefreshToken(trx: Db, id: string, now: Date): Promise<void> {
  await trx
    .updateTable('refresh_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]),
    )
    .execute();
}
