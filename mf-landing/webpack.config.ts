import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'mf_landing',
  role: 'remote',
  title: 'BlockPilot preview: Landing, contact and help',
  devPort: 3101,
  exposes: { './App': './src/App.tsx', './lifecycle': './src/lifecycle.ts' },
});
