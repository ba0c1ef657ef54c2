import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { createFederatedConfig } from '../build/create-webpack-config.mjs';

const dirname = import.meta.dirname;

export default createFederatedConfig({
  dirname,
  name: 'civic_shell',
  entry: { main: './src/index.ts' },
  plugins: [
    new HtmlWebpackPlugin({
      template: path.join(dirname, 'src/index.html'),
      // CSP has script-src 'self': scripts are external files only.
      scriptLoading: 'defer',
      inject: 'head',
    }),
  ],
});
