/**
 * Security headers on every response (helmet's set). The Content-Security-Policy lets the shell
 * run: scripts, styles, media and fetches from this origin and from wherever remotes are deployed
 * (REMOTE_*_URL, REMOTE_PREVIEW_ORIGINS, RELEASE_HOSTED_ORIGINS), and the shell page's one inline script by its hash; inline
 * styles because styled-components injects them.
 * API answers are never cached by browsers or proxies (they carry personal data).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PAGE_SCRIPT } from '@blockpilot/shared/pageScript';
import type { ServerConfig } from '../config.js';

/** The shell page's one inline script (see shared/src/pageScript.ts), allowed by its hash. */
export const PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

/** What an origin in the policy may look like: scheme, host name or IP, optional port. */
const ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin a setting names, or an error: the value goes into the header as written, so `*`,
 * `https:`, a keyword, a path or a `;` from a mistyped REMOTE_PREVIEW_ORIGINS would widen the
 * policy (or add a directive) without anyone noticing. The server refuses to start instead.
 */
function exactOrigin(value: string, setting: string): string {
  let url: URL | null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const bare = url !== null && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !value.endsWith('/');
  if (!url || !bare || !ORIGIN.test(url.origin)) {
    throw new Error(`${setting} must list origins such as https://cdn.example.com (scheme, host and port only), got "${value}"`);
  }
  return url.origin;
}

/** The origins the front end loads remote code from, other than this server (releases hosted elsewhere included). */
export function remoteOrigins(frontend: ServerConfig['frontend'], hostedOrigins: readonly string[] = []): string[] {
  const origins = new Set(frontend.previewOrigins.map((origin) => exactOrigin(origin, 'REMOTE_PREVIEW_ORIGINS')));
  for (const origin of hostedOrigins) origins.add(exactOrigin(origin, 'RELEASE_HOSTED_ORIGINS'));
  for (const { name, entry } of frontend.remotes) {
    if (/^https?:\/\//i.test(entry)) origins.add(exactOrigin(new URL(entry).origin, `REMOTE_${name.toUpperCase()}_URL`));
  }
  return [...origins];
}

/**
 * The headers helmet sets for these options. They are the same for every response, so they are
 * worked out once: @fastify/helmet builds helmet's middleware again on every request, which cost
 * about 4 % of the CPU of a GET /api/user (a profile of bench/server-api.ts).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  // helmet's middleware only sets and removes headers; no directive here depends on the request.
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const remotes = remoteOrigins(config.frontend, config.releases.hostedOrigins);
  const https = config.publicUrl.startsWith('https://');
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PAGE_SCRIPT_HASH, ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        // The connect-account tutorial video is an asset of the mf_dashboard remote.
        mediaSrc: ["'self'", 'data:', ...remotes],
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
  const entries = Object.entries(headers);
  // On the raw response, as helmet itself does, so a route that writes its own (the static files'
  // Cross-Origin-Resource-Policy) overrides these.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
