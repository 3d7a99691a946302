import path from 'node:path';
import { ServiceWorkerPlugin } from '@blockpilot/tooling/serviceWorker';
import { createFederatedConfig } from '@blockpilot/tooling/webpack';

export default createFederatedConfig({
  dir: __dirname,
  name: 'shell',
  role: 'host',
  title: 'BlockPilot: automatic block search for delivery drivers',
  devPort: 3100,
  publicDir: path.join(__dirname, 'public'),
  // The installable app's worker (docs/FRONTEND.md "Installable app"), at the root so its scope is the whole app.
  plugins: [new ServiceWorkerPlugin({ dir: __dirname, entry: path.join(__dirname, 'src/serviceWorker/worker.ts') })],
});
