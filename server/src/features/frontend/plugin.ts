/**
 * Hosts the built front end: the shell at `/`, each remote under its own path, and
 * `/remotes.json`, the run-time manifest telling the shell where each remote lives now. Unknown
 * non-API paths get the shell's page so client-side routes (/dashboard/logs) load on refresh.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { RELEASE_FILES_PATH, REMOTE_LIST_PATH } from '@blockpilot/shared/constants';
import type { PublicConfig, RemotesManifest } from '@blockpilot/shared/types';
import { sendNotFound } from '../../http/errorHandler.js';
import type { ServerConfig } from '../../config.js';
import { cacheControlFor, REVALIDATE } from './cachePolicy.js';
import { createShellPages, type LiveLanding } from './shellPage.js';

/** Paths that are never client-side routes: an unknown one is a 404, not the shell page. */
const NOT_PAGES = ['/api/', '/remotes/', '/dev/', RELEASE_FILES_PATH];

/** @fastify/static hands its header hook the raw Node response. */
type RawResponse = { setHeader(name: string, value: string): unknown };

const setHeaders = (res: RawResponse, filePath: string) => {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
};

/** Static options for one remote's built files: cache policy, precompressed files, cross-origin loads. */
export function remoteStaticOptions(root: string, prefix: string) {
  return {
    root,
    prefix,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: RawResponse, filePath: string) => {
      setHeaders(res, filePath);
      // The shell (or a staging origin) loads remote code across origins; helmet's default
      // Cross-Origin-Resource-Policy (same-origin) would block that.
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  };
}

export function remotesManifest(frontend: ServerConfig['frontend']): RemotesManifest {
  return {
    remotes: frontend.remotes.map(({ name, entry }) => ({ name, entry })),
    previewOrigins: frontend.previewOrigins,
  };
}

export interface FrontendOptions {
  frontend: ServerConfig['frontend'];
  /** Serve source maps? Not in production: they give the original source away (docs/SECURITY.md). */
  sourceMaps: boolean;
  /** The remote list for a request (the release registry's); the configured one when absent. */
  remoteList?: (request: FastifyRequest) => Promise<RemotesManifest>;
  /** The configuration's public part, written into the shell's page (see shellPage.ts). */
  publicConfig?: () => Promise<PublicConfig>;
  /** The landing release live on the channel, whose prerendered page goes into the shell's page (see shellPage.ts). */
  liveLanding?: LiveLanding;
}

const noSourceMaps = (pathName: string) => !pathName.endsWith('.map');

export async function frontendPlugin(app: FastifyInstance, { frontend, sourceMaps, remoteList, publicConfig, liveLanding }: FrontendOptions): Promise<void> {
  const allowed = sourceMaps ? {} : { allowedPath: noSourceMaps };
  const configured = remotesManifest(frontend);
  app.get(REMOTE_LIST_PATH, { schema: { hide: true } }, async (request, reply) => {
    const manifest = remoteList ? await remoteList(request) : configured;
    // Revalidated on every load (a promote takes effect at once); the ETag keeps that cheap. The
    // list depends on the signed-in user (canaries) and a preview link, both sent as headers.
    const body = JSON.stringify(manifest);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', REVALIDATE).header('ETag', etag).header('Vary', 'Authorization, X-Release-Preview');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  for (const remote of frontend.remotes) {
    if (existsSync(remote.dir)) await app.register(fastifyStatic, { ...remoteStaticOptions(remote.dir, remote.urlPath), ...allowed });
  }

  const shellIndex = path.join(frontend.shellDir, 'index.html');
  const hasShell = existsSync(shellIndex);
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: frontend.shellDir,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      setHeaders,
      // index.html is sent by the fallback below, with the same headers for "/" and deep links.
      index: false,
      wildcard: true,
      ...allowed,
    });
  }

  const pages = createShellPages(frontend, { ...(publicConfig ? { publicConfig } : {}), ...(liveLanding ? { liveLanding } : {}) });
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = hasShell ? await pages.pageFor(request.url.split('?')[0] ?? '/') : null;
    if (!page) return reply.status(503).type('text/plain').send('The front end is not built yet: run `npm start` (it builds it).');
    reply.header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  app.get('/', { schema: { hide: true } }, sendShell);

  // The app's one not-found handler: pages for the client router, the envelope for the rest.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.some((prefix) => pathname.startsWith(prefix)) && !path.extname(pathname);
    return wantsPage ? sendShell(request, reply) : sendNotFound(request, reply);
  });
}
