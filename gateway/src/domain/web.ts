import { createHash } from 'node:crypto';
import { pathOf } from '@bet/kit';

/**
 * Cache policy of the web bundles: files whose name carries a content hash never change
 * (a year, immutable); the entry points (index.html, remoteEntry.js) must be revalidated
 * every time or a deploy would mix old and new chunks; anything else an hour.
 */
export function cacheControlFor(served: string): string {
  // a precompressed copy is cached as the file it stands for
  const fileName = served.replace(/\.(gz|br)$/, '');
  if (fileName === 'index.html' || fileName === 'remoteEntry.js') return 'no-cache';
  if (/[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The API's paths (JSON, images, the pages a service serves itself), the query string aside. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

/** A browser route of the single-page app: not the API, not socket.io, not a remote, not a file. */
export function isSpaPath(url: string): boolean {
  const path = pathOf(url);
  if (isApiPath(path) || path.startsWith('/socket.io') || path.startsWith('/remotes/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** Images the API serves to any page, ours or a web client's on another origin: crests and avatars. */
export const SHARED_IMAGE_PREFIXES = ['/api/v1/games/logos/', '/api/v1/users/avatars/'] as const;

export function isSharedImage(url: string): boolean {
  const path = pathOf(url);
  return SHARED_IMAGE_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * A static asset: a crest, an avatar, a file of the web bundles (the shell's files, the
 * remotes). One page shows about a hundred crests, so these do not count against the
 * per-IP API limit; API calls and the single-page app's HTML routes do.
 */
export function isStaticAsset(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isSharedImage(url)) return true;
  const path = pathOf(url);
  if (path.startsWith('/remotes/')) return true;
  if (isApiPath(path) || path.startsWith('/socket.io')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

/** CSP sources ('sha256-…') for the inline <script> blocks of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    out.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return out;
}
