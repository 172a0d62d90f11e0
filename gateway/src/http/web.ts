import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type App, routeNotFound } from '@bet/kit';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, inlineScriptHashes, isSpaPath } from '../domain/web';

export interface WebRoots {
  shell?: string | null;
  player?: string | null;
  admin?: string | null;
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web bundles not built</title></head>
<body><h1>The web bundles are not built</h1>
<p>The API is running under <code>/api/v1</code>, but there is no web application to serve yet.
Run <code>npm run build:web</code> and reload this page.</p></body></html>
`;

const setHeaders = (reply: FastifyReply, path: string) => {
  reply.header('cache-control', cacheControlFor(basename(path)));
};

/**
 * The shell at `/` (with the SPA fallback: any other GET that is not an API call and not a
 * file gets index.html), the remotes under /remotes/<name>/.
 */
export async function registerWeb(app: App, roots: WebRoots = {}) {
  const shell = roots.shell && existsSync(roots.shell) ? roots.shell : null;
  const common = {
    wildcard: true,
    index: false as const,
    cacheControl: false,
    dotfiles: 'ignore' as const,
    // the web build writes .br/.gz beside each asset (infra/scripts/precompress.mjs)
    preCompressed: true,
    setHeaders,
  };
  if (shell) await app.register(fastifyStatic, { root: shell, prefix: '/', ...common });
  for (const [name, root] of [
    ['player', roots.player],
    ['admin', roots.admin],
  ] as const) {
    if (root && existsSync(root)) {
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${name}/`,
        decorateReply: !shell && name === 'player',
        ...common,
      });
    }
  }

  const sendIndex = (_req: FastifyRequest, reply: FastifyReply) => {
    if (!shell || !existsSync(join(shell, 'index.html'))) {
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(NOT_BUILT_PAGE);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', shell, { cacheControl: false });
  };
  app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isSpaPath(req.url)) return sendIndex(req, reply);
    return reply.status(404).send({ msg: routeNotFound(req.method, req.url) });
  });
}

/** The CSP script sources for the shell's index.html (empty without a shell). */
export function shellScriptHashes(roots: WebRoots = {}): () => string[] {
  const none: string[] = [];
  return roots.shell ? cachedScriptHashes(join(roots.shell, 'index.html')) : () => none;
}

/**
 * sha256 sources of the shell's inline scripts (its theme bootstrap), so the CSP can allow
 * exactly them and no other inline script. Re-read when index.html changes (a rebuild).
 */
function cachedScriptHashes(indexPath: string): () => string[] {
  let mtime = -1;
  let hashes: string[] = [];
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < 2_000) return hashes;
    checkedAt = now;
    try {
      const m = statSync(indexPath).mtimeMs;
      if (m !== mtime) {
        mtime = m;
        hashes = inlineScriptHashes(readFileSync(indexPath, 'utf8'));
      }
    } catch {
      hashes = [];
    }
    return hashes;
  };
}
