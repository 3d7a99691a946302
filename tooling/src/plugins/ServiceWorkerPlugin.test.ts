import { CONTENT_HASHED_FILE } from '@blockpilot/shared/constants';
import { cachedShellFiles } from './ServiceWorkerPlugin';

describe('the service worker build', () => {
  it("lists a build's content-hashed outputs only: no maps, pages, manifests, compressed twins or unhashed entries", () => {
    const outputs = [
      'main.1a2b3c4d.js',
      'main.1a2b3c4d.js.map',
      'main.1a2b3c4d.js.br',
      'main.1a2b3c4d.js.gz',
      'index.html',
      'mf-manifest.json',
      'remoteEntry.js',
      'sw.js',
      'first-load-chunks.json',
      'assets/font.0f1e2d3c.woff2',
      'logo.png',
    ];
    expect(cachedShellFiles(outputs, CONTENT_HASHED_FILE)).toEqual(['/assets/font.0f1e2d3c.woff2', '/main.1a2b3c4d.js']);
  });
});
