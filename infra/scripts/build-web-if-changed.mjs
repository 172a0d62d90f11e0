// `npm start`'s web build, skipped when nothing the bundles are built from changed since the
// last build: a restart then serves in seconds instead of waiting a minute for rspack (issue 37).
// The fingerprint is a hash of every file of the web packages and of what they import from the
// workspace (api-types, proto-events), the lockfile and NODE_ENV, kept in
// node_modules/.cache/bet-web-sources by every `npm run build:web` (`--stamp`); a build that
// fails leaves none, so the next start builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = ['web-shell', 'web-player', 'web-admin'];
const SOURCES = [...WEB, 'api-types', 'proto-events/src', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'coverage']);
// WEB_DIST_ROOT (a test's scratch folder) builds into <root>/<package>: its stamp goes with it
const DIST_ROOT = process.env.WEB_DIST_ROOT;
const distOf = (w) => (DIST_ROOT ? join(DIST_ROOT, w) : join(ROOT, w, 'dist'));
const STAMP = DIST_ROOT ? join(DIST_ROOT, '.sources') : join(ROOT, 'node_modules/.cache/bet-web-sources');

function files(path, out = []) {
  if (!existsSync(path)) return out;
  if (statSync(path).isFile()) return out.concat(path);
  for (const name of readdirSync(path).sort()) {
    if (SKIP.has(name) || name.endsWith('.tsbuildinfo')) continue;
    const p = join(path, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
}

export function webFingerprint() {
  const hash = createHash('sha256').update(`NODE_ENV=${process.env.NODE_ENV ?? ''}\n`);
  for (const f of SOURCES.flatMap((s) => files(join(ROOT, s)))) {
    hash.update(`${relative(ROOT, f)}\n`);
    hash.update(readFileSync(f));
  }
  return hash.digest('hex');
}

const stamp = (value) => {
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${value}\n`);
};

if (process.argv.includes('--stamp')) {
  // the end of every `npm run build:web`: these sources are what the bundles hold now
  stamp(webFingerprint());
} else {
  const built = WEB.every((w) => existsSync(distOf(w)));
  const last = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
  if (built && last === webFingerprint()) console.log('web: unchanged since the last build, not rebuilt');
  else {
    rmSync(STAMP, { force: true });
    execFileSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  }
}
