// One webpack configuration for every front-end area: Babel for TS/TSX, Tailwind through
// PostCSS, and Module Federation with the shared singletons of DESIGN.md section 5.
import path from 'node:path';
import { createRequire } from 'node:module';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { federationRuntimeExperiments, federationRuntimeOnceRule } from './federation-runtime.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';

const require = createRequire(import.meta.url);
const kitPackage = require('../kit/package.json');

// Modern browsers only: smaller bundles, and Module Federation needs dynamic import anyway.
const BROWSERS = 'defaults and fully supports es6-module';

export const babelRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'babel-loader',
    options: {
      babelrc: false,
      configFile: false,
      presets: [
        ['@babel/preset-env', { targets: BROWSERS, bugfixes: true }],
        ['@babel/preset-react', { runtime: 'automatic' }],
        ['@babel/preset-typescript', { onlyRemoveTypeImports: false }],
      ],
    },
  },
};

export const cssRule = {
  test: /\.css$/,
  // style-loader: a remote's styles arrive with its code wherever it is deployed (CSP allows inline styles).
  use: [
    'style-loader',
    { loader: 'css-loader', options: { importLoaders: 1 } },
    { loader: 'postcss-loader', options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } } },
  ],
};

/** One React, one QueryClient, one kit (toasts, auth state, sign-in dialog) for the whole page. */
export function sharedSingletons() {
  const versions = kitPackage.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(versions.react),
    'react/jsx-runtime': singleton(versions.react),
    'react-dom': singleton(versions['react-dom']),
    'react-dom/client': singleton(versions['react-dom']),
    '@tanstack/react-query': singleton(versions['@tanstack/react-query']),
    // The kit a remote was built against must be compatible with the page's (the shell's): a kit
    // whose version is not in ^<version> fails the remote's load with the reason, instead of the
    // remote silently running a kit it was not built for (semver: bump the kit's version on change).
    '@civic/frontend-kit': { singleton: true, requiredVersion: `^${kitPackage.version}`, strictVersion: true },
  };
}

/**
 * @param {object} options
 * @param {string} options.dirname   the area's folder
 * @param {string} options.name      federation container name (a global for remotes)
 * @param {Record<string,string>} [options.exposes]  remote modules; absent for the host
 * @param {object} [options.entry]   host entry
 * @param {import('webpack').WebpackPluginInstance[]} [options.plugins]
 */
export function createFederatedConfig({ dirname, name, exposes, entry, plugins = [] }) {
  const isHost = !exposes;
  return {
    context: dirname,
    entry: entry ?? {},
    devtool: false,
    output: {
      path: path.join(dirname, 'dist'),
      // The host serves deep links (/admin/users), so its chunks load from the root; a remote's
      // chunks load relative to wherever its remoteEntry.js was fetched from.
      publicPath: isHost ? '/' : 'auto',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: { rules: [babelRule, cssRule, federationRuntimeOnceRule] },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        shared: sharedSingletons(),
        // Types are shared through the workspace (typed wrappers), not downloaded at build time.
        dts: false,
        manifest: false,
        experiments: federationRuntimeExperiments(isHost),
      }),
      ...plugins,
      new PrecompressPlugin(),
    ],
  };
}
