import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { baseConfig, sharedModules } from '../web-shell/rspack.base.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export default (_env, argv = {}) => {
  const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
  // Served by the gateway at /remotes/player/ on the page's own origin.
  const config = baseConfig({ dir: here, mode, publicPath: '/remotes/player/' });
  // The remote has no page of its own: its only entry point is remoteEntry.js.
  config.entry = {};
  config.optimization = { ...config.optimization, splitChunks: { chunks: 'async', minSize: 50_000 } };
  config.plugins.push(
    new ModuleFederationPlugin({
      name: 'player',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx' },
      // react, the router, zustand and the shell core come from the shell, never from this bundle.
      shared: sharedModules({ provide: false }),
      experiments: { externalRuntime: true },
      dts: false,
      manifest: false,
    }),
  );
  return config;
};
