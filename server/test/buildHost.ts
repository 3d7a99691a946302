/**
 * Another origin hosting builds, for releases hosted elsewhere (docs/RELEASES.md "Releases hosted
 * elsewhere"): a plain HTTP server on a free port answering the files it is given, which the test
 * may change, remove or move (a redirect) while the server under test reads them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BuildHost {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Files by path (`/mf-landing/2.0.0/mf-manifest.json`); change them at will. */
  files: Map<string, string>;
  /** Paths answered with a redirect to this location. */
  redirects: Map<string, string>;
  close(): Promise<void>;
}

export async function startBuildHost(files: Record<string, string> = {}): Promise<BuildHost> {
  const host: Omit<BuildHost, 'origin' | 'close'> = { files: new Map(Object.entries(files)), redirects: new Map() };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const redirect = host.redirects.get(path);
    if (redirect) return void response.writeHead(302, { location: redirect }).end();
    const body = host.files.get(path);
    if (body === undefined) return void response.writeHead(404).end('not found');
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': path.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...host,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The server under test keeps its connections alive; closing must not wait for them.
        server.closeAllConnections();
      }),
  };
}
