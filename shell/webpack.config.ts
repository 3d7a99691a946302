import path from 'node:path';
import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'shell',
  role: 'host',
  title: 'BlockPilot: automatic block search for delivery drivers',
  devPort: 3100,
  publicDir: path.join(__dirname, 'public'),
});
