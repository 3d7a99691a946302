/**
 * What the registry refuses before a build can reach a browser (docs/RELEASES.md "Model",
 * "Compatibility gate"): a build that bundles its own copy of a singleton the shell shares, a
 * manifest that sends browsers to another origin, a file that would be a page on the product's
 * origin, and a first load that grew past the budget.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { PRERENDERED_LANDING_PATH } from '@blockpilot/shared/constants';
import { bearer, startTestApp, type TestApp } from '../../../test/app.js';
import { startBuildHost, type BuildHost } from '../../../test/buildHost.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { buildFile, manifestOf, REACT_19 } from '../../../test/releaseBuild.js';

const RELEASE_TOKEN = 'release-token-for-the-publish-checks-0123456789';
const admin = bearer(RELEASE_TOKEN);
const BUDGET_GROWTH_BYTES = 4096;

const module = (name: string, version = '19.3.1') => ({ name, version, requiredVersion: version });
/** What every remote shares with the shell as the tooling builds it (its own entry points of the workspace package aside). */
const SINGLETONS = [...REACT_19, module('react/jsx-runtime'), module('react-dom/client'), module('@blockpilot/shared', '1.0.0')];
/** The shell also shares an entry point of the workspace package that no remote imports. */
const SHELL_SHARED = [...SINGLETONS, module('@blockpilot/shared/boot', '1.0.0')];

type ManifestChanges = { shared?: typeof SINGLETONS; publicPath?: string; entryPath?: string; appSync?: string[]; appAsync?: string[] };

/** The manifest the tooling writes, with each file the `./App` expose loads listed as the real one lists them. */
function manifest(remote: string, { shared = SINGLETONS, publicPath = 'auto', entryPath = '', appSync = ['app.0123abcd.js'], appAsync = [] }: ManifestChanges = {}) {
  const base = manifestOf(remote, { shared });
  const assets = (sync: string[], async: string[]) => ({ js: { sync, async }, css: { sync: [], async: [] } });
  return {
    ...base,
    metaData: { ...base.metaData, publicPath, remoteEntry: { name: 'remoteEntry.js', path: entryPath } },
    exposes: [
      { path: './App', assets: assets(appSync, appAsync) },
      { path: './lifecycle', assets: assets(['lifecycle.0123abcd.js'], []) },
    ],
  };
}

/** An upload of `remote` whose manifest is changed by `changes`, with `files` (path: text) beside or instead of its entry and chunks. */
function upload(remote: string, changes: ManifestChanges = {}, files: Record<string, string> = {}) {
  const all = {
    'mf-manifest.json': JSON.stringify(manifest(remote, changes)),
    'remoteEntry.js': `var ${remote};`,
    'app.0123abcd.js': 'render("app")',
    'lifecycle.0123abcd.js': 'mount()',
    ...files,
  };
  return { files: Object.entries(all).map(([filePath, text]) => buildFile(filePath, text)) };
}

describeEachDatabase('what the registry refuses at publish and at the gate', (database) => {
  let t: TestApp;
  let host: BuildHost;
  before(async () => {
    host = await startBuildHost();
    const frontend = fakeFrontend();
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: SHELL_SHARED, exposes: [] }));
    t = await startTestApp(database(), {
      env: {
        RELEASE_TOKEN,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bp-publish-checks-')),
        FRONTEND_DIR: frontend,
        RELEASE_HOSTED_ORIGINS: host.origin,
        RELEASE_BUDGET_GROWTH_BYTES: String(BUDGET_GROWTH_BYTES),
      },
      serveFrontend: true,
    });
  });
  after(async () => {
    await t.app.close();
    await host.close();
  });

  const publish = (remote: string, version: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/releases/${remote}/${version}`, payload: body, headers: admin });
  const promote = (channel: string, body: object) => t.app.inject({ method: 'POST', url: `/api/releases/channels/${channel}/promote`, payload: body, headers: admin });
  const fileAt = (remote: string, version: string, file: string) => t.app.inject({ url: `/releases/${remote}/${version}/${file}` });
  const published = async (remote: string, version: string, body: object) => expect((await publish(remote, version, body)).statusCode).toBe(200);

  describe('singletons', () => {
    it('refuses to put live a build that bundles its own React instead of sharing it, naming the module', async () => {
      await published('mf_auth', '1.0.0', upload('mf_auth'));
      expect((await promote('staging', { remote: 'mf_auth', version: '1.0.0' })).statusCode).toBe(200);
      const bundlesReactDom = SINGLETONS.filter((m) => m.name !== 'react-dom' && m.name !== 'react-dom/client');
      await published('mf_auth', '2.0.0', upload('mf_auth', { shared: bundlesReactDom }));
      for (const move of [{}, { percent: 10 }]) {
        const res = await promote('staging', { remote: 'mf_auth', version: '2.0.0', ...move });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('BP_ERR_RELEASE_GATE_REFUSED');
        expect(res.json().data.mismatches).toEqual([
          expect.objectContaining({ kind: 'not-shared', subject: 'react-dom', party: 'shell', message: expect.stringContaining('bundles its own react-dom') }),
          expect.objectContaining({ kind: 'not-shared', subject: 'react-dom/client', party: 'shell' }),
        ]);
      }
      // A build sharing nothing at all is refused for each singleton.
      await published('mf_auth', '2.1.0', upload('mf_auth', { shared: [] }));
      const bare = await promote('staging', { remote: 'mf_auth', version: '2.1.0' });
      expect(bare.json().data.mismatches.map((m: { subject: string }) => m.subject)).toEqual(SINGLETONS.map((m) => m.name));
    });

    it("does not ask a remote for the shell's own entry points of the workspace package", async () => {
      await published('mf_auth', '3.0.0', upload('mf_auth'));
      const res = await promote('staging', { remote: 'mf_auth', version: '3.0.0' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.mismatches).toEqual([]);
    });
  });

  describe('where a manifest sends browsers', () => {
    const refusal = async (remote: string, version: string, body: object) => {
      const res = await publish(remote, version, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BP_ERR_RELEASE_INVALID_BUILD');
      return res.json().errors;
    };

    it('refuses a publicPath on another origin, naming it', async () => {
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { publicPath: 'https://evil.example/' }))).toEqual({
        manifest: expect.stringContaining('https://evil.example/'),
      });
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { publicPath: '//evil.example/mf/' }))).toEqual({
        manifest: expect.stringContaining('//evil.example/mf/'),
      });
      // Another release's folder on this origin is not this release's either.
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { publicPath: '/releases/mf_auth/1.0.0/' }))).toEqual({
        manifest: expect.stringContaining('/releases/mf_dashboard/1.0.0/'),
      });
    });

    it('refuses a remote entry or chunk named outside the release', async () => {
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { entryPath: 'https://evil.example' }))).toEqual({
        manifest: expect.stringContaining('https://evil.example'),
      });
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { appSync: ['https://evil.example/app.js'] }))).toEqual({
        manifest: expect.stringContaining('https://evil.example/app.js'),
      });
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { appAsync: ['../../mf_auth/1.0.0/app.0123abcd.js'] }))).toEqual({
        manifest: expect.stringContaining('../../mf_auth/1.0.0/app.0123abcd.js'),
      });
      expect(await refusal('mf_dashboard', '1.0.0', upload('mf_dashboard', { appAsync: ['missing.0123abcd.js'] }))).toEqual({
        manifest: expect.stringContaining('missing.0123abcd.js'),
      });
      expect((await t.app.inject({ url: '/api/releases?remote=mf_dashboard', headers: admin })).json().data).toEqual([]);
    });

    it("takes 'auto' and the release's own folder", async () => {
      await published('mf_dashboard', '1.0.0', upload('mf_dashboard', { publicPath: '/releases/mf_dashboard/1.0.0/' }));
      await published('mf_dashboard', '1.1.0', upload('mf_dashboard'));
    });

    it('refuses a hosted build whose manifest sends browsers anywhere but the folder it was registered at', async () => {
      const hostAt = (version: string, changes: ManifestChanges) => {
        host.files.set(`/mf-account/${version}/mf-manifest.json`, JSON.stringify(manifest('mf_account', changes)));
        host.files.set(`/mf-account/${version}/remoteEntry.js`, 'var mf_account;');
        host.files.set(`/mf-account/${version}/app.0123abcd.js`, 'render("app")');
        return { url: `${host.origin}/mf-account/${version}/mf-manifest.json` };
      };
      const register = (version: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/releases/mf_account/${version}/hosted`, payload: body, headers: admin });
      for (const publicPath of ['https://evil.example/', '/', `${host.origin}/mf-account/0.0.1/`]) {
        const res = await register('1.0.0', hostAt('1.0.0', { publicPath }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ manifest: expect.stringContaining(publicPath) });
      }
      expect((await register('1.0.0', hostAt('1.0.0', { appSync: ['https://evil.example/app.js'] }))).json().errors).toEqual({
        manifest: expect.stringContaining('https://evil.example/app.js'),
      });
      expect((await register('1.0.0', hostAt('1.0.0', { publicPath: `${host.origin}/mf-account/1.0.0/` }))).statusCode).toBe(200);
      expect((await register('1.1.0', hostAt('1.1.0', {}))).statusCode).toBe(200);
    });
  });

  describe('file types', () => {
    it('refuses a page (or anything a remote build does not hold) at publish, naming each file', async () => {
      const res = await publish('mf_account', '2.0.0', upload('mf_account', {}, { 'x.html': '<script>fetch("/steal?" + localStorage.token)</script>', 'tool.exe': 'MZ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ files: expect.stringContaining('x.html') });
      expect(res.json().errors.files).toContain('tool.exe');
      expect((await fileAt('mf_account', '2.0.0', 'x.html')).statusCode).toBe(404);
      // The remote's standalone preview page is not a release file either, nor is a source map.
      expect((await publish('mf_account', '2.0.0', upload('mf_account', {}, { 'index.html': '<!doctype html>' }))).json().errors).toEqual({
        files: expect.stringContaining('index.html'),
      });
      expect((await publish('mf_account', '2.0.0', upload('mf_account', {}, { 'app.0123abcd.js.map': '{}' }))).json().errors).toEqual({
        files: expect.stringContaining('app.0123abcd.js.map'),
      });
    });

    it('serves every file as the inert type its name says, never as a page: a script full of HTML stays a script', async () => {
      const build = upload(
        'mf_account',
        {},
        {
          'evil.0123abcd.js': '<html><script>fetch("/steal?" + localStorage.token)</script></html>',
          'theme.0123abcd.css': 'body{}',
          'assets/tutorial.0123abcd.mp4': 'video',
          'assets/logo.0123abcd.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          'blockpilot-stack.0123abcd.js.LICENSE.txt': 'MIT',
          'evil.0123abcd.js.gz': 'gzip bytes',
          [PRERENDERED_LANDING_PATH]: '<main>prerendered</main>',
        },
      );
      await published('mf_account', '2.1.0', build);
      const expected: Record<string, string> = {
        'evil.0123abcd.js': 'text/javascript; charset=utf-8',
        'theme.0123abcd.css': 'text/css; charset=utf-8',
        'mf-manifest.json': 'application/json; charset=utf-8',
        'assets/tutorial.0123abcd.mp4': 'video/mp4',
        'assets/logo.0123abcd.svg': 'image/svg+xml',
        'blockpilot-stack.0123abcd.js.LICENSE.txt': 'text/plain; charset=utf-8',
      };
      for (const [file, type] of Object.entries(expected)) {
        const res = await fileAt('mf_account', '2.1.0', file);
        expect([file, res.statusCode, res.headers['content-type']]).toEqual([file, 200, type]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      }
      // The precompressed copy goes out only as the encoding of its file, and the prerendered page never as a page.
      const encoded = await t.app.inject({ url: '/releases/mf_account/2.1.0/evil.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
      expect([encoded.headers['content-encoding'], encoded.headers['content-type']]).toEqual(['gzip', 'text/javascript; charset=utf-8']);
      expect((await fileAt('mf_account', '2.1.0', 'evil.0123abcd.js.gz')).statusCode).toBe(404);
      expect((await fileAt('mf_account', '2.1.0', PRERENDERED_LANDING_PATH)).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/releases/mf_account/2.1.0', headers: admin })).json().data.files.map((f: { path: string }) => f.path)).toContain(
        PRERENDERED_LANDING_PATH,
      );
    });
  });

  describe('first-load budget', () => {
    /** Bytes gzip cannot shrink: the chunk's gzipped size is about its size. */
    const incompressible = (bytes: number) => `render("${randomBytes(bytes).toString('base64')}")`;

    it('refuses a build whose first load grew past the budget over the live release; forced with a reason it goes live, audited as forced', async () => {
      await published('mf_landing', '1.0.0', upload('mf_landing', {}, { 'app.0123abcd.js': incompressible(1000) }));
      expect((await promote('production', { remote: 'mf_landing', version: '1.0.0' })).statusCode).toBe(200);
      // Grown in a chunk loaded later only: not the first load.
      await published(
        'mf_landing',
        '1.1.0',
        upload('mf_landing', { appAsync: ['later.0123abcd.js'] }, { 'app.0123abcd.js': incompressible(1000), 'later.0123abcd.js': incompressible(20_000) }),
      );
      expect((await promote('production', { remote: 'mf_landing', version: '1.1.0' })).statusCode).toBe(200);
      await published('mf_landing', '2.0.0', upload('mf_landing', { appSync: ['app.0123abcd.js', 'big.0123abcd.js'] }, { 'big.0123abcd.js': incompressible(8000) }));
      for (const move of [{}, { percent: 5 }]) {
        const res = await promote('production', { remote: 'mf_landing', version: '2.0.0', ...move });
        expect(res.statusCode).toBe(409);
        expect(res.json().data.mismatches).toEqual([
          expect.objectContaining({
            kind: 'budget',
            subject: 'first load',
            party: 'mf_landing@1.1.0',
            message: expect.stringMatching(
              /^mf_landing@2\.0\.0 loads [\d,]+ bytes gzipped .* more than mf_landing@1\.1\.0 live on the channel \([\d,]+ bytes\); the budget allows 4,096 bytes more$/,
            ),
          }),
        ]);
      }
      const forced = await promote('production', { remote: 'mf_landing', version: '2.0.0', force: true, reason: 'the new map is worth it' });
      expect(forced.statusCode).toBe(200);
      expect(forced.json().data).toMatchObject({ action: 'promote', forced: true, mismatches: [expect.objectContaining({ kind: 'budget' })] });
      const [last] = (await t.app.inject({ url: '/api/releases/channels/production/history?remote=mf_landing', headers: admin })).json().data;
      expect(last).toMatchObject({ action: 'promote', toVersion: '2.0.0', forced: true, reason: 'the new map is worth it' });
      expect(last.detail.mismatches).toEqual([expect.objectContaining({ kind: 'budget' })]);
    });

    it("records each release's first-load size at publish", async () => {
      const release = (await t.app.inject({ url: '/api/releases/mf_landing/2.0.0', headers: admin })).json().data;
      // The remote entry, app.0123abcd.js and 8000 random bytes in base64, gzipped.
      expect(release.firstLoadBytes).toBeGreaterThan(7_500);
      expect(release.firstLoadBytes).toBeLessThan(9_000);
    });
  });
});
