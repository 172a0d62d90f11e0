import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedModules } from './federation.shared.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Common rspack settings for the three web packages (the remotes import this too). */
export function baseConfig({ dir, mode, publicPath }) {
  const prod = mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    context: dir,
    target: ['web', 'es2020'],
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: resolve(dir, 'dist'),
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
              transform: { react: { runtime: 'automatic', development: !prod } },
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
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') }),
    ],
  };
}

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
      shared: sharedModules({ provide: true }),
      dts: false,
      manifest: false,
    }),
  );
  return config;
};
