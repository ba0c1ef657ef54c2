import { createFederatedConfig } from '../build/create-webpack-config.mjs';

// The container name must match frontends/shell/src/remotes/remote-names.ts.
export default createFederatedConfig({
  dirname: import.meta.dirname,
  name: 'civic_priorities',
  exposes: { './lifecycles': './src/lifecycles.tsx', './shared': './src/shared.tsx', './report': './src/report.tsx' },
});
