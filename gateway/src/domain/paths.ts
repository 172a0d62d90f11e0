import { pathOf } from '@bet/kit';

/**
 * Paths the router and the upstream could read differently. The router matches the raw
 * text (`/auth/./register` falls into the `/auth/*` catch-all and its looser limits) while
 * undici and the services normalise it (`/auth/register`); an encoded dot or slash opens the
 * same gap one decoding later. No client of ours writes such a path, so they are refused
 * before routing rather than normalised.
 */
export function unsafePathReason(url: string): string | null {
  const path = pathOf(url);
  if (/%(2e|2f|5c|00)/i.test(path)) return 'an encoded dot, slash or backslash';
  if (path.includes('\\')) return 'a backslash';
  const segments = path.split('/').slice(1);
  // the web's pages may end in '/', and socket.io's path does; the API's never do
  const api = path.startsWith('/api/') || path === '/api';
  for (const [i, seg] of segments.entries()) {
    if (seg === '.' || seg === '..') return `a '${seg}' segment`;
    if (seg === '' && (api || i < segments.length - 1)) return 'an empty segment';
  }
  return null;
}
