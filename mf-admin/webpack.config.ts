import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'mf_admin',
  role: 'remote',
  title: 'BlockPilot preview: Operator console',
  devPort: 3105,
  exposes: { './App': './src/App.tsx', './lifecycle': './src/lifecycle.ts' },
});
