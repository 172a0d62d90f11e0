/**
 * Secrets that travel in URLs, blanked before a URL reaches a log line: the password-reset
 * token in its path, and the tokens and codes of sign-in redirects in query strings. Logs
 * are read by more people, and kept longer, than the secrets they would otherwise hold.
 */
const SECRET_PATHS = [/(\/auth\/reset-password\/)[^/?#]+/i, /(\/reset-password\/)[^/?#]+/i];
const SECRET_PARAMS = new Set([
  'accesstoken',
  'refreshtoken',
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
]);

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  let out = url;
  for (const re of SECRET_PATHS) out = out.replace(re, `$1${REDACTED}`);
  const q = out.indexOf('?');
  if (q < 0) return out;
  const query = out
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.has(key.toLowerCase()) && eq >= 0 ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${out.slice(0, q)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function requestSerializer(req: {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(String(req.url ?? '')),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}
