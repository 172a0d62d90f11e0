import { apiUrl } from '@bet/kit';
import { sql } from 'kysely';
import type { Ctx } from '../context';
import { LOGO_PATH } from '../domain/logos';

/**
 * The crests we serve are stored as absolute URLs on PUBLIC_URL, so a web client on another
 * origin can load them. On start, any stored crest address (a bare path from before, or an
 * older PUBLIC_URL) is moved onto the current one; logos of data providers are left alone.
 */
export async function rebaseLogoUrls(ctx: Ctx): Promise<number> {
  const base = `${apiUrl(ctx.config)}${LOGO_PATH}/`;
  const pattern = `^.*${LOGO_PATH}/([a-z0-9-]{1,80}\\.svg)$`;
  let changed = 0;
  for (const column of ['home_team_logo', 'away_team_logo'] as const) {
    const res = await sql`
      update games set ${sql.ref(column)} = ${base} || regexp_replace(${sql.ref(column)}, ${pattern}, '\\1')
      where ${sql.ref(column)} ~ ${pattern} and ${sql.ref(column)} <> ${base} || regexp_replace(${sql.ref(column)}, ${pattern}, '\\1')`.execute(
      ctx.db,
    );
    changed += Number(res.numAffectedRows ?? 0);
  }
  return changed;
}
