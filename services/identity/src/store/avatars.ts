import { apiUrl } from '@bet/kit';
import { type Kysely, sql } from 'kysely';
import { AVATAR_PATH } from '../domain/avatars';
import type { Db } from './db';

/** One picture per user: the previous one goes when a new one is stored. */
export async function replaceAvatar(
  trx: Db,
  a: { id: string; userId: string; contentType: string; bytes: Buffer; now: Date },
): Promise<void> {
  await trx.deleteFrom('avatars').where('user_id', '=', a.userId).execute();
  await trx
    .insertInto('avatars')
    .values({
      id: a.id,
      user_id: a.userId,
      content_type: a.contentType,
      bytes: a.bytes,
      size: a.bytes.length,
      created_at: a.now,
    })
    .execute();
}

export async function findAvatar(db: Db, id: string) {
  return db.selectFrom('avatars').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
}

export async function deleteAvatars(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
}

/**
 * Avatars we serve are stored as absolute URLs on PUBLIC_URL (a web client on another origin
 * loads them). On start, a stored avatar address (a bare path from before, or an older
 * PUBLIC_URL) is moved onto the current one; pictures from social sign-in are left alone.
 */
export async function rebaseAvatarUrls(db: Kysely<any>, publicUrl: string): Promise<number> {
  const base = `${apiUrl({ PUBLIC_URL: publicUrl })}${AVATAR_PATH}/`;
  const pattern = `^.*${AVATAR_PATH}/([0-9a-f]{24})$`;
  const res = await sql`
    update users set profile_picture = ${base} || regexp_replace(profile_picture, ${pattern}, '\\1')
    where profile_picture ~ ${pattern} and profile_picture <> ${base} || regexp_replace(profile_picture, ${pattern}, '\\1')`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0);
}
