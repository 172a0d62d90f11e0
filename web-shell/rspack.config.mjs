import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { baseConfig, sharedModules } from './rspack.base.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export default (_env, argv = {}) => {
  const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
  const config = baseConfig({ dir: here, mode, publicPath: '/' });
  config.entry = { main: './src/index.ts' };
  config.plugins.push(
    new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer' }),
    new ModuleFederationPlugin({
      name: 'shell',
      // Same origin as the page; the gateway serves each remote's dist under /remotes/<name>/.
      remotes: {
        player: 'player@/remotes/player/remoteEntry.js',
        admin: 'admin@/remotes/admin/remoteEntry.js',
      },
      // 'loaded-first' keeps the runtime from fetching every remote entry at start-up to compare
      // shared versions (version-first does that): the admin remote must only load for admins.
      shareStrategy: 'loaded-first',
      // The federation runtime ships once, in the shell; the remotes use it (externalRuntime).
      // The remotes are plain remoteEntry.js files (no manifest): the runtime's snapshot code
      // (manifest remotes) and its Node branches are left out of the page's first script.
      experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      shared: sharedModules({ provide: true }),
      dts: false,
      manifest: false,
    }),
  );
  return config;
};
