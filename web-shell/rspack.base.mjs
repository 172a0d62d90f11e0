// Build settings shared by web-shell, web-player and web-admin.

import { writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const shellDir = dirname(fileURLToPath(import.meta.url));

import { rspack } from '@rspack/core';

// The modules that must exist exactly once in the page. The shell provides them; the remotes
// declare them with `import: false`, so they never ship (or run) a copy of their own.
export const CORE_SHARE_KEY = '@bet/web-shell/core';

export function sharedModules({ provide }) {
  const lib = (requiredVersion) =>
    provide ? { singleton: true, requiredVersion } : { singleton: true, requiredVersion, import: false };
  return {
    react: lib('^19.0.0'),
    'react/jsx-runtime': lib('^19.0.0'),
    'react-dom': lib('^19.0.0'),
    // The client half of React Router only (see src/shared/react-router-dom.ts). 'react-router'
    // itself is not shared: nothing outside that module may import it.
    'react-router-dom': provide
      ? {
          singleton: true,
          import: resolve(shellDir, 'src/shared/react-router-dom.ts'),
          version: '7.18.5',
          requiredVersion: '^7.0.0',
        }
      : { singleton: true, requiredVersion: '^7.0.0', import: false },
    zustand: lib('^5.0.0'),
    [CORE_SHARE_KEY]: provide
      ? { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' }
      : { singleton: true, requiredVersion: '^0.1.0', import: false },
  };
}

/**
 * Writes `chunk-groups.json` beside the bundle: the files that load as soon as it starts (the
 * shell's `bootstrap` group and the shared modules it provides; a remote's exposed module), and
 * the files of each named chunk group (a page, `home`, `live`…), with the public path. The
 * shell's page preloads them (infra/scripts/preload-hints.mjs), so a slow phone fetches them
 * all at once instead of one round trip after another.
 */
class ChunkGroupsPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('ChunkGroupsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        publicPath: true,
        chunks: true,
        chunkOrigins: true,
        chunkGroups: true,
      });
      const at = (file) => `${json.publicPath ?? ''}${file}`;
      const startsWithBundle = (origin) =>
        origin.moduleName?.startsWith('provide shared module') || origin.moduleName === 'container entry';
      const startup = json.chunks
        .filter((c) => !c.initial && c.origins.some(startsWithBundle))
        .flatMap((c) => c.files);
      const groups = {};
      for (const [name, group] of Object.entries(json.namedChunkGroups ?? {}))
        groups[name] = group.assets.map((a) => at(a.name));
      startup.push(...(json.namedChunkGroups?.bootstrap?.assets.map((a) => a.name) ?? []));
      writeFileSync(
        join(compiler.options.output.path, 'chunk-groups.json'),
        `${JSON.stringify({ startup: [...new Set(startup)].map(at), groups }, null, 1)}\n`,
      );
    });
  }
}

/** Common rspack settings for the three web packages (the remotes import this too). */
export function baseConfig({ dir, mode, publicPath }) {
  const prod = mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    context: dir,
    target: ['web', 'es2020'],
    // Never an eval-based source map: the gateway's CSP (script-src 'self') refuses eval, so an
    // eval build is a blank page. A development build gets separate .map files instead.
    devtool: prod ? false : 'cheap-module-source-map',
    output: {
      // WEB_DIST_ROOT builds elsewhere (a test's scratch folder) without touching the served dist.
      path: process.env.WEB_DIST_ROOT
        ? resolve(process.env.WEB_DIST_ROOT, basename(dir))
        : resolve(dir, 'dist'),
      publicPath,
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              // Always the production JSX runtime (react/jsx-runtime), in a development build
              // too: it is a shared module, and the shell provides only the shared modules its
              // own code imports. With the dev transform the shell imported react/jsx-dev-runtime
              // only, so a remote's prebuilt library using react/jsx-runtime (react-markdown)
              // found no provider (RUNTIME-012) and the player pages never loaded.
              transform: { react: { runtime: 'automatic', development: false } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        { test: /\.(png|svg|jpe?g|gif|webp|ico)$/, type: 'asset' },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development'),
      }),
      new ChunkGroupsPlugin(),
    ],
  };
}
