/**
 * What the release CLI says to a person at a terminal (docs/RELEASES.md "CLI"): a minted token is
 * printed once, plainly; a forced move without a reason is refused before anything is sent, naming
 * the missing option; the server's answer to one names the reason too; and a build's folder is
 * uploaded without what the registry does not take. The CLI's HTTP goes to the app in this process.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { openDatabase } from '../db/index.js';
import { bearer, startTestApp, type TestApp } from '../../test/app.js';
import { manifestOf } from '../../test/releaseBuild.js';
import { EXIT, humanReadable, run } from './release.js';

const RELEASE_TOKEN = 'release-token-for-the-cli-message-tests-0123456789';
const BASE_URL = 'http://cli-messages-under-test.example';

describe('what the release CLI says', () => {
  let t: TestApp;
  /** Every request the CLI sent, as `METHOD path`. */
  const sent: string[] = [];
  const realFetch = globalThis.fetch;
  const saved = { url: process.env.BLOCKPILOT_URL, token: process.env.RELEASE_TOKEN, deployToken: process.env.RELEASE_DEPLOY_TOKEN };

  before(async () => {
    t = await startTestApp(await openDatabase({ kind: 'pglite', dataDir: 'memory://' }), { env: { RELEASE_TOKEN } });
    Object.assign(process.env, { BLOCKPILOT_URL: BASE_URL, RELEASE_TOKEN });
    delete process.env.RELEASE_DEPLOY_TOKEN;
    globalThis.fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.origin !== BASE_URL) return realFetch(input, init);
      const method = (init?.method ?? 'GET') as 'GET';
      sent.push(`${method} ${url.pathname}`);
      const res = await t.app.inject({ method, url: url.pathname + url.search, headers: init?.headers as Record<string, string>, payload: init?.body as string });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };
  });
  after(async () => {
    globalThis.fetch = realFetch;
    for (const [variable, value] of [
      ['BLOCKPILOT_URL', saved.url],
      ['RELEASE_TOKEN', saved.token],
      ['RELEASE_DEPLOY_TOKEN', saved.deployToken],
    ] as const)
      if (value === undefined) delete process.env[variable];
      else process.env[variable] = value;
    await t.app.close();
    await t.database.close();
  });

  it('prints a minted token once, plainly, on a line of its own under the words that say it is not shown again', async () => {
    const printed = humanReadable(await run(['token', 'mint', 'mf_dashboard', 'dashboard CI']));
    const tokens = printed.match(/bprt_[\w-]+/g) ?? [];
    expect(tokens).toHaveLength(1);
    expect(printed.split('\n')).toEqual(['Copy the token now: it is not shown again.', tokens[0]]);
    expect((await t.app.inject({ url: '/api/releases?remote=mf_dashboard', headers: bearer(tokens[0]!) })).statusCode).toBe(200);
  });

  it('refuses --force without --reason before sending anything, naming what is missing', async () => {
    sent.length = 0;
    for (const argv of [
      ['promote', 'mf_dashboard', '1.0.0', '--force'],
      ['rollback', 'mf_dashboard', '--force', '--reason', ' '],
    ])
      await expect(run(argv)).rejects.toMatchObject({ exitCode: EXIT.failed, message: expect.stringContaining('--force needs --reason "why"') });
    expect(sent).toEqual([]);
  });

  it('has the server name the missing reason too, in its words and under `reason`', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/releases/channels/production/promote',
      payload: { remote: 'mf_dashboard', version: '1.0.0', force: true },
      headers: bearer(RELEASE_TOKEN),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      alert: expect.stringContaining('A forced move needs a reason'),
      errors: { reason: expect.stringContaining('A forced move needs a reason') },
    });
  });

  it("publishes a build's folder without its source maps, stats or standalone page, and prints a refusal's fields without a form's words", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bp-cli-dist-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      writeFileSync(path.join(dist, file), text);
    };
    write('mf-manifest.json', JSON.stringify(manifestOf('mf_auth')));
    write('remoteEntry.js', 'var mf_auth;');
    for (const left of ['remoteEntry.js.map', 'mf-stats.json', 'mf-stats.json.gz', 'index.html']) write(left, 'left out');
    const published = (await run(['publish', 'mf_auth', '--dir', dist, '--version', '1.0.0'])).data as { version: string };
    expect(published.version).toBe('1.0.0');
    const files = (await t.app.inject({ url: '/api/releases/mf_auth/1.0.0', headers: bearer(RELEASE_TOKEN) })).json().data.files.map((f: { path: string }) => f.path);
    expect(files).toEqual(['mf-manifest.json', 'remoteEntry.js']);
    write('assets/page.html', '<script>alert(1)</script>');
    await expect(run(['publish', 'mf_auth', '--dir', dist, '--version', '1.0.1'])).rejects.toMatchObject({
      exitCode: EXIT.failed,
      message: expect.stringMatching(/^The build cannot be published\.\n {2}files: Not files a remote's build is published with: assets\/page\.html\./),
    });
  });
});
