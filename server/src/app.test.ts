import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openDatabase } from './db/index.js';
import { refusal, validationError } from './domain/errors.js';
import { PAGE_SCRIPT_HASH } from './http/securityHeaders.js';
import { testConfig } from '../test/config.js';
import { fakeFrontend } from '../test/frontend.js';
import type { Database } from './db/types.js';

describe('the app shell: health, manifest, static hosting and the envelope', () => {
  let app: FastifyInstance;
  let database: Database;
  let frontendRoot: string;

  before(async () => {
    frontendRoot = fakeFrontend();
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const config = testConfig({
      FRONTEND_DIR: frontendRoot,
      REMOTE_MF_DASHBOARD_URL: 'https://cdn.example.com/mf-dashboard/mf-manifest.json',
      REMOTE_PREVIEW_ORIGINS: 'https://staging.example.com, http://127.0.0.1:4999/',
    });
    app = await buildApp({ config, database, version: '1.2.3' });
    app.get('/api/test/throws', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/test/refusal', async () => {
      throw refusal('BP_ERR_PLATFORM_NOT_CONNECTED');
    });
    app.post('/api/test/fields', async () => {
      throw validationError({ emailAddress: 'api.field.format.email' });
    });
    app.post(
      '/api/test/schema',
      {
        schema: {
          body: {
            type: 'object',
            required: ['filter'],
            additionalProperties: false,
            properties: {
              filter: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, days: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 6 } } },
              },
            },
          },
        },
      },
      async () => ({ data: 'never' }),
    );
  });
  after(async () => {
    await app.close();
    await database.close();
    rmSync(frontendRoot, { recursive: true, force: true });
  });

  it('reports health with the database kind and version', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'pglite', version: '1.2.3' } });
  });

  it('serves the remotes manifest: same-origin by default, overridden per remote, with the preview allow-list', async () => {
    const res = await app.inject('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest.remotes).toEqual(
      expect.arrayContaining([
        { name: 'mf_auth', entry: '/remotes/mf-auth/mf-manifest.json' },
        { name: 'mf_dashboard', entry: 'https://cdn.example.com/mf-dashboard/mf-manifest.json' },
      ]),
    );
    expect(manifest.remotes).toHaveLength(5);
    expect(manifest.previewOrigins).toEqual(['https://staging.example.com', 'http://127.0.0.1:4999']);
  });

  it("never caches a remote's manifest or entry, caches hashed chunks immutably, and allows cross-origin loads", async () => {
    const manifest = await app.inject('/remotes/mf-auth/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect((await app.inject('/remotes/mf-auth/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject('/remotes/mf-auth/301.89abcdef.js');
    expect(chunk.body).toBe('chunk');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/main.0123abcd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with the shell page, never cached', async () => {
    for (const url of ['/', '/dashboard/logs', '/resetPassword/abc?x=1', '/invite/CODE']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>shell</title>');
    }
  });

  it("puts the prerendered landing page into the shell page for a visitor's landing paths only, compressed when asked", async () => {
    const landing = await app.inject({ url: '/invite/CODE', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers.vary).toMatch(/Accept-Encoding/);
    const gzipped = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('<div data-prerendered-outlet="mf_landing"><main>prerendered landing</main></div>');
    expect((await app.inject('/login')).body).toContain('<div data-prerendered-outlet=""></div>');
    // The page's one inline script (hiding the visitor's page from a signed-in driver) runs by its hash only.
    expect(gzipped.headers['content-security-policy']).toContain(`script-src 'self' ${PAGE_SCRIPT_HASH}`);
  });

  it('answers unknown API paths, missing files and non-GET requests with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/remotes/mf-auth/missing.js'],
      ['GET', '/missing.js'],
      ['POST', '/dashboard'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json().alert).toMatch(/^Nothing at/);
      expect(res.json().code).toBe('BP_ERR_ROUTE_NOT_FOUND');
    }
  });

  it('maps errors to the envelope in one place', async () => {
    const crash = await app.inject('/api/test/throws');
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ code: 'BP_ERR_INTERNAL', alert: 'Something went wrong on our side. Please try again.' });
    expect(crash.body).not.toContain('secret');

    const conflict = await app.inject('/api/test/refusal');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ code: 'BP_ERR_PLATFORM_NOT_CONNECTED', alert: 'Connect your Amazon Flex account first.', redirect: '/connectAccount' });

    const fields = await app.inject({ method: 'POST', url: '/api/test/fields', payload: {} });
    expect(fields.statusCode).toBe(400);
    expect(fields.json().errors).toEqual({ emailAddress: 'Enter a valid e-mail address.' });
    expect(fields.json().code).toBe('BP_ERR_VALIDATION');
  });

  it('turns schema failures into per-field errors named as the form names them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/schema', payload: { filter: { days: [1, 9, 'x'] }, extra: 1 } });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['days', 'extra', 'name']);
    expect(errors.name).toBe('This field is required.');
    expect(errors.extra).toBe('This field is not allowed.');
  });

  it('answers bad JSON, a wrong content type and an oversized body with a 4xx envelope', async () => {
    const badJson = await app.inject({ method: 'POST', url: '/api/test/schema', payload: '{"filter":', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().alert).toBe('The request body is not valid JSON.');

    const wrongType = await app.inject({ method: 'POST', url: '/api/test/schema', payload: 'filter=1', headers: { 'content-type': 'text/csv' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().alert).toBe('Send the request body as application/json.');

    const huge = await app.inject({ method: 'POST', url: '/api/test/schema', payload: { filter: { name: 'x'.repeat(100_000) } } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().alert).toBe('The request body is too large.');
  });

  it('sends security headers with a CSP that lets the shell and its remotes run', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
      for (const name of ['script-src', 'connect-src']) {
        expect(directive(name)).toContain("'self'");
        expect(directive(name)).toContain('https://cdn.example.com');
        expect(directive(name)).toContain('https://staging.example.com');
      }
      expect(directive('style-src')).toContain("'unsafe-inline'");
      expect(directive('img-src')).toBe("img-src 'self' data: https://staging.example.com http://127.0.0.1:4999 https://cdn.example.com");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await app.inject('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await app.inject('/remotes/mf-auth/remoteEntry.js')).headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('publishes the OpenAPI document generated from the route schemas, and Swagger UI', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.2.3');
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/auth/requestResetPasswordLink',
        'POST /api/auth/changePassword',
        'POST /api/auth/logout',
        'GET /api/user',
        'GET /api/user/locale',
        'POST /api/user/saveFilter',
        'POST /api/user/startTrial',
        'POST /api/user/saveNotificationPreferences',
        'POST /api/user/changePassword',
        'POST /api/user/connectAccount',
        'POST /api/user/getServiceAreas',
        'GET /api/user/getSearchState',
        'GET /api/user/getSchedule',
        'POST /api/user/toggleSearchState',
        'POST /api/user/getLogs',
        'POST /api/user/forfeitBlock',
        'GET /api/store/getMembershipPlans',
        'POST /api/store/createStripeOrder',
        'GET /api/store/getOrderStatus',
        'POST /api/help/sendQuestion',
        'GET /api/knowledgeBase/',
        'POST /api/promotion/optOut',
      ]),
    );
    expect(doc.paths['/api/user'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/user/saveFilter'].post.requestBody.content['application/json'].schema.properties.filter.properties.time.items.multipleOf).toBe(15);
    expect(doc.paths['/api/user'].get.responses['200'].content['application/json'].schema.properties.data.required).toContain('currency_symbol');
    const logQuery = doc.paths['/api/user/getLogs'].post.requestBody.content['application/json'].schema.properties.query;
    expect(Object.keys(logQuery.properties)).toEqual(['discoveredAt', 'action', 'reason']);
    expect(doc.paths['/api/user/connectAccount'].post.responses['400'].content['application/json'].schema.properties.challenge_session.required).toEqual([
      'challenge_url',
      'code_verifier',
    ]);
    const ui = await app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('counts requests and their latency by route and status for Prometheus', async () => {
    await app.inject('/api/health');
    await app.inject('/api/nothing');
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
    expect(res.body).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_code="404"\} [1-9]/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{le="0.01",method="GET",route="\/api\/health",status_code="200"\}/m);
    expect(res.body).toContain('process_cpu_seconds_total');
  });
});
