/**
 * Suite 3, headers: every answer (pages, assets, API successes and failures) carries the security
 * headers, and the Content Security Policy names exactly the origins the remotes are configured
 * at (REMOTE_*_URL and REMOTE_PREVIEW_ORIGINS), nothing wider; a setting that would widen it
 * stops the server from starting.
 */
import { after, before, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { expect } from 'expect';
import fc from 'fast-check';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { REMOTES } from '@blockpilot/shared/constants';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/index.js';
import { registerSecurityHeaders, PAGE_SCRIPT_HASH } from '../http/securityHeaders.js';
import { testConfig } from '../../test/config.js';
import { fakeFrontend } from '../../test/frontend.js';
import type { Database } from '../db/types.js';

/** Directives that list where code, styles, images, fonts, media and connections may come from. */
const SOURCE_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src'];
/** The only non-origin sources each directive may hold. */
const ALLOWED_KEYWORDS: Record<string, string[]> = {
  'default-src': ["'self'"],
  // The shell page's one inline script, by its hash: no other inline script runs.
  'script-src': ["'self'", PAGE_SCRIPT_HASH],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'script-src-attr': ["'none'"],
  'upgrade-insecure-requests': [],
};

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The policy's problems given the origins it should name: a source too many, or one missing. */
function policyProblems(policy: string, origins: string[]): string[] {
  const problems: string[] = [];
  for (const [name, sources] of directivesOf(policy)) {
    const keywords = ALLOWED_KEYWORDS[name];
    if (!keywords) {
      problems.push(`unexpected directive ${name}`);
      continue;
    }
    const allowed = new Set([...keywords, ...(SOURCE_DIRECTIVES.includes(name) ? origins : [])]);
    for (const source of sources) if (!allowed.has(source)) problems.push(`${name} allows ${source}`);
    if (SOURCE_DIRECTIVES.includes(name)) for (const origin of origins) if (!sources.includes(origin)) problems.push(`${name} misses ${origin}`);
  }
  for (const name of SOURCE_DIRECTIVES) if (!directivesOf(policy).has(name)) problems.push(`no ${name}`);
  return problems;
}

function securityHeaderProblems(res: LightMyRequestResponse, https: boolean): string[] {
  const expected: Record<string, string | undefined> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-permitted-cross-domain-policies': 'none',
    'strict-transport-security': https ? 'max-age=31536000; includeSubDomains' : undefined,
    'x-powered-by': undefined,
  };
  const problems = Object.entries(expected)
    .filter(([name, value]) => res.headers[name] !== value)
    .map(([name, value]) => `${name}: ${String(res.headers[name])} instead of ${String(value)}`);
  if (!res.headers['content-security-policy']) problems.push('no content-security-policy');
  return problems;
}

describe('security headers on pages and API answers', () => {
  let app: FastifyInstance;
  let database: Database;
  let frontendRoot: string;
  const origins = ['https://staging.example.com', 'http://127.0.0.1:4999', 'https://cdn.example.com'];

  before(async () => {
    frontendRoot = fakeFrontend();
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const config = testConfig({
      FRONTEND_DIR: frontendRoot,
      PUBLIC_URL: 'https://blockpilot.test',
      REMOTE_MF_DASHBOARD_URL: 'https://cdn.example.com/mf-dashboard/mf-manifest.json',
      REMOTE_MF_ACCOUNT_URL: 'https://cdn.example.com:443/mf-account/mf-manifest.json',
      REMOTE_PREVIEW_ORIGINS: 'https://staging.example.com, http://127.0.0.1:4999/',
    });
    app = await buildApp({ config, database });
  });
  after(async () => {
    await app.close();
    await database.close();
    rmSync(frontendRoot, { recursive: true, force: true });
  });

  it('sends them, and a policy naming exactly the remotes, on every kind of answer', async () => {
    const answers = {
      'the shell page': await app.inject('/'),
      'a client-side route': await app.inject('/dashboard/logs'),
      'a remote asset': await app.inject('/remotes/mf-auth/remoteEntry.js'),
      'the remotes manifest': await app.inject('/remotes.json'),
      'an API answer': await app.inject('/api/health'),
      'an API 401': await app.inject('/api/user'),
      'an API 404': await app.inject('/api/nothing'),
      'an API 400': await app.inject({ method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }),
      'an API 415': await app.inject({ method: 'POST', url: '/api/auth/login', payload: 'x', headers: { 'content-type': 'application/xml' } }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect({ what, problems: [...securityHeaderProblems(res, true), ...policyProblems(String(res.headers['content-security-policy']), origins)] }).toEqual({
        what,
        problems: [],
      });
    }
    for (const what of ['an API answer', 'an API 401', 'an API 404', 'an API 400'] as const) expect(answers[what].headers['cache-control']).toBe('no-store');
  });
});

describe('the Content Security Policy for any remotes configuration', () => {
  /** Where remotes may be deployed: absolute URLs on any host and port, or this server (relative). */
  const host = fc.tuple(fc.constantFrom('cdn', 'static', 'preview', 'a-b'), fc.constantFrom('example.com', 'example.org', 'test')).map(([name, domain]) => `${name}.${domain}`);
  const origin = fc
    .tuple(fc.constantFrom('https', 'http'), host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
    .map(([scheme, name, port]) => new URL(`${scheme}://${name}${port ? `:${port}` : ''}`).origin);
  const remoteEntry = fc.oneof(
    origin.map((o) => `${o}/remote/mf-manifest.json`),
    fc.constant(undefined),
  );

  async function policyFor(env: NodeJS.ProcessEnv): Promise<string> {
    const app = Fastify();
    await registerSecurityHeaders(app, testConfig(env));
    app.get('/', async () => 'ok');
    const policy = String((await app.inject('/')).headers['content-security-policy']);
    await app.close();
    return policy;
  }

  it('names exactly the configured origins, whatever they are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(remoteEntry, { minLength: REMOTES.length, maxLength: REMOTES.length }), fc.uniqueArray(origin, { maxLength: 3 }), async (entries, previews) => {
        const env: NodeJS.ProcessEnv = { REMOTE_PREVIEW_ORIGINS: previews.join(',') };
        REMOTES.forEach((remote, i) => {
          if (entries[i]) env[`REMOTE_${remote.name.toUpperCase()}_URL`] = entries[i];
        });
        const expected = [...new Set([...previews, ...entries.filter((e): e is string => e !== undefined).map((e) => new URL(e).origin)])];
        expect(policyProblems(await policyFor(env), expected)).toEqual([]);
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it('refuses to start with a preview setting that would widen the policy', async () => {
    for (const widening of [
      '*',
      'https:',
      "'unsafe-eval'",
      'https://*.example.com',
      'https://x.example.com/path',
      'https://a.example.com;script-src *',
      'javascript:alert(1)',
      'data:',
    ]) {
      await expect(policyFor({ REMOTE_PREVIEW_ORIGINS: widening })).rejects.toThrow(/REMOTE_PREVIEW_ORIGINS/);
    }
  });
});
