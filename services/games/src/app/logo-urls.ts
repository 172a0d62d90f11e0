import { apiUrl } from '@bet/kit';
import type { KitContext } from '../config';
import { LOGO_PATH } from '../domain/logos';
import { rebaseCrests } from '../store/games';

/**
 * The crests we serve are stored as absolute URLs on PUBLIC_URL, so a web client on another
 * origin can load them. On start, any stored crest address (a bare path from before, or an
 * older PUBLIC_URL) is moved onto the current one; logos of data providers are left alone.
 */
export async function rebaseLogoUrls(ctx: KitContext): Promise<number> {
  return rebaseCrests(
    ctx.db,
    `${apiUrl(ctx.config)}${LOGO_PATH}/`,
    `^.*${LOGO_PATH}/([a-z0-9-]{1,80}\\.svg)$`,
  );
}
