/**
 * `npm start`: the embedded platform from one bundle of our TypeScript (esbuild, third-party
 * packages left to node_modules), rebuilt only when its sources changed, and the web bundles
 * likewise. Loading the services through tsx took most of a start (13 s of 21 s on a loaded
 * machine, every time): a start with nothing changed now loads one compiled file (issue 37).
 *
 * The bundle is dist/embedded/embedded.mjs, two levels below the repository like
 * infra/src/embedded.ts, so every path it derives from its own location still holds. Its
 * fingerprint (every source file of the workspace packages it is built from, the lockfile) is
 * kept beside it; a build that fails leaves none. Node runs it with the memory settings of
 * decision 007 (EMBEDDED_NODE); SIGTERM goes to it, and its exit code is this one's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../src/bundle';
import { REPO_ROOT } from '../src/defaults';

const OUT = resolve(REPO_ROOT, 'dist/embedded');
const BUNDLE = join(OUT, 'embedded.mjs');
const STAMP = join(OUT, '.sources');
const SOURCES = ['services', 'gateway', 'infra/src', 'proto-events', 'api-types', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', 'test', 'coverage']);

function files(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (statSync(path).isFile()) return [...out, path];
  for (const name of readdirSync(path).sort()) {
    if (SKIP.has(name) || /\.test\.tsx?$|\.tsbuildinfo$/.test(name)) continue;
    const p = join(path, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const f of SOURCES.flatMap((s) => files(resolve(REPO_ROOT, s)))) {
    hash.update(`${relative(REPO_ROOT, f)}\n`);
    hash.update(readFileSync(f));
  }
  return hash.digest('hex');
}

/** Builds the web bundles and the server bundle where their sources changed since the last time. */
export async function prepareEmbedded() {
  const web = spawnSync(process.execPath, [resolve(REPO_ROOT, 'infra/scripts/build-web-if-changed.mjs')], {
    stdio: 'inherit',
  });
  if (web.status !== 0) throw new Error(`the web build failed (exit ${web.status})`);
  const sources = fingerprint();
  if (existsSync(BUNDLE) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === sources) {
    console.log('server: unchanged since the last start, not recompiled');
    return;
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  await build(bundleOptions(resolve(REPO_ROOT, 'infra/src/embedded.ts'), BUNDLE));
  writeFileSync(STAMP, `${sources}\n`);
  console.log(`server: compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * How Node runs the platform (decision 007): a small young generation, and glibc giving freed
 * memory back instead of keeping large arenas. bench/embedded-memory.ts runs the same.
 */
export const EMBEDDED_NODE = {
  env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
  args: ['--max-semi-space-size=2', '--expose-gc', BUNDLE],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareEmbedded().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
  const child = spawn(process.execPath, EMBEDDED_NODE.args, {
    stdio: 'inherit',
    env: { ...EMBEDDED_NODE.env, ...process.env },
  });
  // Ctrl-C reaches the whole foreground group, the platform included: passing it on would be a
  // second interrupt, which close-with-grace takes as "stop now"
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
