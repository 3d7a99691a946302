import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'mf_dashboard',
  role: 'remote',
  title: 'BlockPilot preview: Dashboard and account connection',
  devPort: 3103,
  exposes: { './App': './src/App.tsx', './lifecycle': './src/lifecycle.ts' },
});
