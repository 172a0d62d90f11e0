import type { BuildOptions, Plugin } from 'esbuild';

/**
 * Our workspace packages (`@bet/*`, relative paths) go into the bundle, and so do the
 * packages named by `inline` prefixes; everything else stays a package.
 */
const externalThirdParty = (inline: string[]): Plugin => ({
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bet/') || inline.some((p) => args.path.startsWith(p))) return undefined;
      return { path: args.path, external: true };
    });
  },
});

/**
 * One ESM bundle of our own TypeScript from an entry file, third-party packages left to
 * node_modules: how the images run a service (`infra/scripts/build-dist.ts`), and how the
 * benchmarks run their children.
 */
export function bundleOptions(
  entry: string,
  outfile: string,
  opts: { inline?: string[] } = {},
): BuildOptions & { metafile: true } {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalThirdParty(opts.inline ?? [])],
    // a CommonJS dependency inlined into an ES module still calls require()
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
}
