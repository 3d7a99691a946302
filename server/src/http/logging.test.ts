import { describe, it } from 'node:test';
import { expect } from 'expect';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { loggerOptions, OneLinePerRequest, scrubUrl, SECRET_LINK_PREFIXES, SECRET_QUERY_PARAMETERS } from './logging.js';

describe('logging', () => {
  it('scrubs the token from reset-page and e-mail verification link URLs', () => {
    expect(scrubUrl('/resetPassword/abcDEF_123-x?x=1')).toBe('/resetPassword/[redacted]?x=1');
    // Whoever reads the log could otherwise open the link and credit the sign-up bonus (docs/SECURITY.md).
    expect(scrubUrl('/verifyEmail/0a846d61-ed83-42f2-a912-bf148e513895.1795888844._4kDLv_-UFVib')).toBe('/verifyEmail/[redacted]');
    // The calendar feed's link is its only key (docs/LIVE.md "The driver's app").
    expect(scrubUrl('/api/calendar/Ab3_-x.ics')).toBe('/api/calendar/[redacted]');
    expect(scrubUrl('/promotionOptOut/Zm9vYmFy.x-y')).toBe('/promotionOptOut/[redacted]');
    // A sealed preview link swaps a release in for whoever opens it (docs/RELEASES.md "Preview links").
    expect(scrubUrl('/?releasePreview=abc.def&x=1')).toBe('/?releasePreview=[redacted]&x=1');
    expect(scrubUrl('/dashboard?x=1&releasePreview=abc')).toBe('/dashboard?x=1&releasePreview=[redacted]');
    expect(scrubUrl('/api/user')).toBe('/api/user');
    expect(scrubUrl('/api/admin/audit?limit=20')).toBe('/api/admin/audit?limit=20');
  });

  it("the documented proxy's access log format drops every secret link's key the server's log drops", () => {
    const conf = readFileSync(new URL('../../../deploy/nginx/access-log.conf', import.meta.url), 'utf8');
    const pathPattern = conf.match(/\^\(\?<blockpilot_secret_prefix>\/\(([^)]+)\)\/\)/)?.[1]?.split('|') ?? [];
    expect(pathPattern.map((segment) => `/${segment}/`).sort()).toEqual([...SECRET_LINK_PREFIXES].sort());
    for (const parameter of SECRET_QUERY_PARAMETERS) expect(conf).toContain(parameter);
  });

  it('writes request ids and no passwords, tokens or credentials', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('info') as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/resetPassword/*', async () => 'the shell page');
    app.post('/api/auth/login', async (request) => {
      request.log.info({ body: request.body, req: request }, 'handled');
      return {};
    });
    await app.inject({
      url: '/resetPassword/supersecrettoken',
      headers: { authorization: 'Bearer supersecrettoken' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailAddress: 'a@b.co', password: 'hunter2hunter2', accessToken: 'tok-secret' },
      headers: { authorization: 'Bearer tok-secret' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('a@b.co');
    for (const secret of ['hunter2hunter2', 'tok-secret', 'supersecrettoken']) expect(log).not.toContain(secret);
    expect(log).toContain('[redacted]');
  });

  it('in the readable format (npm start), writes one short line per API call or page, files at debug, and no secret', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', 'pretty', destination), logController: new OneLinePerRequest() });
    app.get('/api/user', async () => ({}));
    app.get('/resetPassword/*', async () => 'the shell page');
    app.get('/remotes/app.js', async () => '');
    app.log.warn({ remote: 'mf_landing' }, 'a warning');
    await app.inject({ url: '/api/user' });
    await app.inject({ url: '/resetPassword/supersecrettoken' });
    await app.inject({ url: '/remotes/app.js' });
    await app.close();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: a warning \{"remote":"mf_landing"\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/user 200 \d+ ms$/);
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/resetPassword\/\[redacted\] 200 \d+ ms$/);
  });
});
