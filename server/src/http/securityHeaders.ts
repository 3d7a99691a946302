/**
 * Security headers on every response (@fastify/helmet). The Content-Security-Policy lets the shell
 * run: scripts, styles and fetches from this origin and from wherever remotes are deployed
 * (REMOTE_*_URL, REMOTE_PREVIEW_ORIGINS); inline styles because styled-components injects them.
 * API answers are never cached by browsers or proxies (they carry personal data).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../types.js';

/** The origins the front end loads remote code from, other than this server. */
export function remoteOrigins(frontend: ServerConfig['frontend']): string[] {
  const origins = new Set(frontend.previewOrigins);
  for (const { entry } of frontend.remotes) {
    if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const remotes = remoteOrigins(config.frontend);
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        mediaSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Over plain http (local use, a LAN address) upgrading would break every asset.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
