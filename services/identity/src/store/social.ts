import type { Provider } from '../domain/social';
import type { Db } from './db';

export async function linkedUserId(
  trx: Db,
  provider: Provider,
  subject: string,
): Promise<string | undefined> {
  const link = await trx
    .selectFrom('social_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return link?.user_id;
}

export async function insertSocialIdentity(
  trx: Db,
  s: { provider: Provider; subject: string; userId: string; email: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('social_identities')
    .values({
      provider: s.provider,
      subject: s.subject,
      user_id: s.userId,
      email: s.email,
      created_at: s.now,
    })
    .execute();
}

export async function deleteSocialIdentities(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('social_identities').where('user_id', '=', userId).execute();
}

export async function insertSocialCode(
  db: Db,
  c: { id: string; codeHash: string; stateHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('social_codes')
    .values({
      id: c.id,
      code_hash: c.codeHash,
      state_hash: c.stateHash,
      user_id: c.userId,
      created_at: c.now,
      expires_at: c.expiresAt,
    })
    .execute();
}

/** Marks an unused code used (its own statement) and returns what it was bound to. */
export async function spendSocialCode(db: Db, codeHash: string, now: Date) {
  return db
    .updateTable('social_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning(['user_id', 'state_hash', 'expires_at'])
    .executeTakeFirst();
}
