/**
 * Compiles every deployable into dist/<name>/: one ESM bundle of our own TypeScript (esbuild;
 * the workspace packages are bundled in) beside a node_modules holding only the third-party
 * packages that bundle imports, with their production dependencies. The container image of a
 * service is that folder and nothing else; the gateway's also gets the built web apps.
 *
 *   node --import tsx infra/scripts/build-dist.ts [name…]
 */
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../src/bundle';
import { REPO_ROOT } from '../src/defaults';
import { DEPLOYABLES } from '../src/services';

const DIST = resolve(REPO_ROOT, 'dist');
/** packages only the embedded mode loads (lazily): never in a cluster image */
const EMBEDDED_ONLY = new Set(['@electric-sql/pglite']);
/**
 * pure-JavaScript packages bundled in rather than copied: OpenTelemetry ships each module
 * three times (CommonJS, ESM, ESNext) plus types, 33 MB per image for the ~1 MB a service runs
 */
const INLINE = ['@opentelemetry/'];
/** what no running service reads: type declarations, source maps, Markdown */
const NOT_RUNTIME = /\.(d\.ts|d\.mts|d\.cts|map|md|markdown)$/i;
/** operators' commands shipped beside a deployable's main.mjs (docs/operating.md) */
const COMMANDS: Record<string, Array<[file: string, entry: string]>> = {
  wallet: [['reconcile.mjs', 'services/wallet/src/bin/reconcile.ts']],
  admin: [['reconcile-platform.mjs', 'infra/src/bin/reconcile-platform.ts']],
};
const builtins = new Set(builtinModules);

const packageName = (spec: string) => {
  const parts = spec.split('/');
  return spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
};

/** Node's lookup: the nearest node_modules/<name> walking up from `fromDir`. */
function findPackage(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Every package directory the bundle needs at run time: the imported packages and the
 * transitive closure of their dependencies (optional ones when installed), as found by
 * Node's own lookup from where each is imported.
 */
function runtimePackages(imports: Array<{ name: string; from: string }>) {
  const found = new Map<string, string>(); // install path (relative to the repo) → real dir
  const queue = [...imports];
  while (queue.length > 0) {
    const { name, from } = queue.shift() as { name: string; from: string };
    const dir = findPackage(name, from);
    if (!dir) throw new Error(`cannot find package ${name} from ${relative(REPO_ROOT, from)}`);
    const key = relative(REPO_ROOT, dir);
    if (found.has(key)) continue;
    found.set(key, dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const deps = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}).filter((d) => findPackage(d, dir)),
      ...Object.keys(manifest.peerDependencies ?? {}).filter(
        (d) => !optionalPeers[d]?.optional && findPackage(d, dir),
      ),
    ];
    for (const dep of deps) queue.push({ name: dep, from: dir });
  }
  return found;
}

/**
 * Where a package installed at `key` goes in the image: hoisted packages keep their place;
 * one nested in a workspace (services/x/node_modules/p) moves to the top, which is where
 * the bundle (standing in for that workspace) looks for it.
 */
function targetPath(key: string) {
  const i = key.indexOf('node_modules/');
  return key.slice(i);
}

async function buildOne(name: string, main: string) {
  const out = join(DIST, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const imports: Array<{ name: string; from: string }> = [];
  for (const [file, entry] of [['main.mjs', main], ...(COMMANDS[name] ?? [])]) {
    const result = await build(bundleOptions(resolve(REPO_ROOT, entry), join(out, file), { inline: INLINE }));
    for (const [source, input] of Object.entries(result.metafile.inputs)) {
      for (const imp of input.imports) {
        if (!imp.external) continue;
        const bare = imp.path.replace(/^node:/, '');
        if (imp.path.startsWith('node:') || builtins.has(bare) || builtins.has(bare.split('/')[0])) continue;
        if (imp.kind === 'dynamic-import' && EMBEDDED_ONLY.has(packageName(imp.path))) continue;
        imports.push({ name: packageName(imp.path), from: dirname(resolve(REPO_ROOT, source)) });
      }
    }
  }
  const packages = runtimePackages(imports);
  const placed = new Map<string, string>();
  for (const [key, dir] of packages) {
    const target = targetPath(key);
    const real = realpathSync(dir);
    const already = placed.get(target);
    if (already && already !== real)
      throw new Error(`two versions of ${target} wanted: ${already} and ${real}`);
    placed.set(target, real);
    cpSync(real, join(out, target), {
      recursive: true,
      dereference: true,
      filter: (src) => !NOT_RUNTIME.test(src.slice(real.length)),
    });
  }
  writeFileSync(
    join(out, 'package.json'),
    `${JSON.stringify({ name: `@bet/${name}-dist`, private: true, type: 'module', main: 'main.mjs' }, null, 2)}\n`,
  );
  return { name, packages: placed.size };
}

const only = process.argv.slice(2);
const targets = DEPLOYABLES.filter((d) => only.length === 0 || only.includes(d.name));
if (targets.length === 0) throw new Error(`no deployable named ${only.join(', ')}`);
for (const d of targets) {
  const r = await buildOne(d.name, d.main);
  if (d.name === 'gateway') {
    for (const app of ['shell', 'player', 'admin']) {
      const from = resolve(REPO_ROOT, `web-${app}/dist`);
      if (existsSync(from)) cpSync(from, join(DIST, 'gateway', 'web', app), { recursive: true });
      else console.warn(`web-${app}/dist is missing: run npm run build:web first`);
    }
  }
  console.log(`dist/${r.name}: main.mjs + ${r.packages} packages`);
}
