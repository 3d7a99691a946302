import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'mf_auth',
  role: 'remote',
  title: 'BlockPilot preview: Sign-in, registration and password reset',
  devPort: 3102,
  exposes: { './App': './src/App.tsx', './lifecycle': './src/lifecycle.ts' },
});
