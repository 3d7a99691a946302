/**
 * Serves one remote's built files on their own, the way a remote is deployed apart from the shell
 * (a CDN or its own host): `node server/dist/cli/serveRemote.js --dir mf-auth/dist --port 4001`.
 * Point the main server at it with REMOTE_MF_AUTH_URL=http://host:4001/mf-manifest.json.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { remoteStaticOptions } from '../features/frontend/plugin.js';

export async function serveRemote({ dir, port, host = '127.0.0.1' }: { dir: string; port: number; host?: string }) {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, remoteStaticOptions(path.resolve(dir), '/'));
  const url = await app.listen({ port, host });
  return { app, url };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string', default: '4001' }, host: { type: 'string' } } });
  if (!values.dir) {
    console.error('usage: serveRemote --dir <remote dist folder> [--port 4001] [--host 127.0.0.1]');
    process.exit(2);
  }
  const { url } = await serveRemote({ dir: values.dir, port: Number(values.port), host: values.host });
  console.log(`Serving ${values.dir} at ${url}/mf-manifest.json`);
}
