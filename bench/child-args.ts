import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../infra/src/bundle';
import { REPO_ROOT } from '../infra/src/defaults';

/**
 * How the benchmarks start their child processes: from one ESM bundle of the child's file
 * with our TypeScript compiled in (the images' own build options), so services and gateway
 * run as the images run them, with no loader at run time. BENCH_LOADER=tsx runs the sources
 * through tsx instead. With BENCH_CPU_PROF=<dir> each child writes a V8 CPU profile there
 * when it stops.
 */
export async function childModule(importMetaUrl: string): Promise<{ path: string; execArgv: string[] }> {
  const source = fileURLToPath(importMetaUrl);
  const dir = process.env.BENCH_CPU_PROF;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  if (process.env.BENCH_LOADER === 'tsx') return { path: source, execArgv: ['--import', 'tsx', ...profile] };
  // inside the repository, so the bundle finds node_modules as the sources do
  const out = join(REPO_ROOT, '.tmp', 'bench', `${basename(source, '.ts')}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build(bundleOptions(source, out));
  return { path: out, execArgv: ['--enable-source-maps', ...profile] };
}
