import type { Db } from './db';

/** Stores a new reset token for the user; only the newest one works, so older ones are spent. */
export async function replaceResetToken(
  trx: Db,
  r: { id: string; userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: r.now })
    .where('user_id', '=', r.userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('password_resets')
    .values({
      id: r.id,
      user_id: r.userId,
      token_hash: r.tokenHash,
      created_at: r.now,
      expires_at: r.expiresAt,
    })
    .execute();
}

/** The user a reset token was made for, spent or not. */
export async function resetTokenOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends an unused, unexpired token; the user it was for, or undefined. */
export async function spendResetToken(trx: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const spent = await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return spent?.user_id;
}

export async function deleteResetTokens(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
