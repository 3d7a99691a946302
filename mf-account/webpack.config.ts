import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'mf_account',
  role: 'remote',
  title: 'BlockPilot preview: Account, credit and notifications',
  devPort: 3104,
  exposes: { './App': './src/App.tsx', './lifecycle': './src/lifecycle.ts' },
});
