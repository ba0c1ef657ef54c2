// The kit ships inside the shell and remotes as a federation singleton; this stand-alone
// build checks that it compiles on its own and shows its size.
import path from 'node:path';
import { createRequire } from 'node:module';
import { babelRule } from '../build/create-webpack-config.mjs';

const require = createRequire(import.meta.url);
const { dependencies } = require('./package.json');
const dirname = import.meta.dirname;

export default {
  context: dirname,
  entry: { kit: './src/index.ts' },
  devtool: false,
  experiments: { outputModule: true },
  output: {
    path: path.join(dirname, 'dist'),
    filename: '[name].js',
    library: { type: 'module' },
    clean: true,
  },
  // React and the query library are the page's singletons, never bundled into the kit.
  externals: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@tanstack/react-query'].filter(
    (name) => name.startsWith('react') || name in dependencies,
  ),
  externalsType: 'module',
  resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  module: { rules: [babelRule] },
  performance: { hints: false },
};
