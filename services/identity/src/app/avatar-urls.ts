import { apiUrl } from '@bet/kit';
import { type Kysely, sql } from 'kysely';
import { AVATAR_PATH } from './profile';

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
