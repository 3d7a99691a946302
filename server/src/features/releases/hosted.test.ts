/**
 * Releases hosted elsewhere (docs/RELEASES.md "Releases hosted elsewhere"): a release registered by
 * the URL of a build another origin serves (RELEASE_HOSTED_ORIGINS only) is read, checked like an
 * upload and recorded without storing anything; the shell is sent to its host, which the Content
 * Security Policy allows; and it goes live only while the host still serves what was registered.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { bearer, startTestApp, type TestApp } from '../../../test/app.js';
import { startBuildHost, type BuildHost } from '../../../test/buildHost.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { integrityOf, manifestOf, REACT_19 } from '../../../test/releaseBuild.js';

const RELEASE_TOKEN = 'release-token-for-the-hosted-tests-0123456789';
const admin = bearer(RELEASE_TOKEN);
const MANIFEST = JSON.stringify(manifestOf('mf_landing'));
const ENTRY = 'var mf_landing = "hosted";';
const LANDING = '<main>the hosted landing page</main>';

describeEachDatabase('releases hosted elsewhere', (database) => {
  let t: TestApp;
  let host: BuildHost;
  let elsewhere: BuildHost;
  const url = (version: string, file = 'mf-manifest.json') => `${host.origin}/mf-landing/${version}/${file}`;
  /** A build of mf_landing on the host, at `/mf-landing/<version>/`. */
  const hostBuild = (version: string, manifest = MANIFEST, entry = ENTRY) => {
    host.files.set(`/mf-landing/${version}/mf-manifest.json`, manifest);
    host.files.set(`/mf-landing/${version}/remoteEntry.js`, entry);
  };

  before(async () => {
    [host, elsewhere] = await Promise.all([startBuildHost(), startBuildHost()]);
    const frontend = fakeFrontend();
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
    t = await startTestApp(database(), { env: { RELEASE_TOKEN, FRONTEND_DIR: frontend, RELEASE_HOSTED_ORIGINS: host.origin }, serveFrontend: true });
  });
  after(async () => {
    await t.app.close();
    await Promise.all([host.close(), elsewhere.close()]);
  });

  const register = (version: string, body: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/mf_landing/${version}/hosted`, payload: body, headers });
  const promote = (channel: string, version: string) =>
    t.app.inject({ method: 'POST', url: `/api/releases/channels/${channel}/promote`, payload: { remote: 'mf_landing', version }, headers: admin });
  const landingEntry = async () => (await t.app.inject({ url: '/remotes.json' })).json().remotes.find((r: { name: string }) => r.name === 'mf_landing');
  const versions = async () => (await t.app.inject({ url: '/api/releases?remote=mf_landing', headers: admin })).json().data.map((r: { version: string }) => r.version);

  it('registers a build by the URL of its manifest: read, checked and recorded, nothing stored here', async () => {
    hostBuild('2.0.0');
    host.files.set('/mf-landing/2.0.0/prerender/landing.html', LANDING);
    const res = await register('2.0.0', { url: url('2.0.0'), gitCommit: 'abc1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ remote: 'mf_landing', version: '2.0.0', entry: url('2.0.0'), hostedUrl: url('2.0.0'), publishedBy: 'RELEASE_TOKEN', shared: REACT_19 });
    const detail = (await t.app.inject({ url: '/api/releases/mf_landing/2.0.0', headers: admin })).json().data;
    expect(detail.files).toEqual([
      { path: 'mf-manifest.json', integrity: integrityOf(MANIFEST), size: MANIFEST.length },
      { path: 'prerender/landing.html', integrity: integrityOf(LANDING), size: LANDING.length },
      { path: 'remoteEntry.js', integrity: integrityOf(ENTRY), size: ENTRY.length },
    ]);
    expect((await t.app.inject({ url: '/releases/mf_landing/2.0.0/mf-manifest.json' })).statusCode).toBe(404);
    const [published] = (await t.app.inject({ url: '/api/releases/audit?remote=mf_landing', headers: admin })).json().data;
    expect(published).toMatchObject({ action: 'publish', toVersion: '2.0.0', detail: { hostedUrl: url('2.0.0'), files: 3 } });
  });

  it('refuses, under the field at fault, a URL off RELEASE_HOSTED_ORIGINS, one that is not a manifest, fails, redirects, or a build that does not check', async () => {
    elsewhere.files.set('/mf-landing/mf-manifest.json', MANIFEST);
    const refusal = async (body: object) => {
      const res = await register('2.9.0', body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'BP_ERR_RELEASE_INVALID_BUILD']);
      return res.json().errors;
    };
    expect(await refusal({ url: `${elsewhere.origin}/mf-landing/mf-manifest.json` })).toEqual({ url: expect.stringContaining('is not on RELEASE_HOSTED_ORIGINS') });
    expect(await refusal({ url: `${host.origin}/mf-landing/2.0.0/remoteEntry.js` })).toEqual({ url: expect.stringContaining('mf-manifest.json') });
    expect(await refusal({ url: url('2.9.0') })).toEqual({ url: `${url('2.9.0')} answered 404` });
    host.redirects.set('/mf-landing/moved/mf-manifest.json', `${elsewhere.origin}/mf-landing/mf-manifest.json`);
    expect(await refusal({ url: `${host.origin}/mf-landing/moved/mf-manifest.json` })).toEqual({ url: expect.stringContaining('redirects (302)') });
    host.files.set('/mf-landing/2.9.0/mf-manifest.json', JSON.stringify(manifestOf('mf_auth')));
    host.files.set('/mf-landing/2.9.0/remoteEntry.js', ENTRY);
    expect(await refusal({ url: url('2.9.0') })).toEqual({ manifest: expect.stringContaining('mf_auth') });
    host.files.set('/mf-landing/2.9.0/mf-manifest.json', MANIFEST);
    host.files.delete('/mf-landing/2.9.0/remoteEntry.js');
    expect(await refusal({ url: url('2.9.0') })).toEqual({ files: `${url('2.9.0', 'remoteEntry.js')} answered 404` });
    expect((await register('2.9.0', { url: 'not a url at all' })).json().errors).toHaveProperty('url');

    const exists = await register('2.0.0', { url: url('2.0.0') });
    expect([exists.statusCode, exists.json().code]).toEqual([409, 'BP_ERR_RELEASE_EXISTS']);
    const minted = await t.app.inject({ method: 'POST', url: '/api/releases/tokens', payload: { label: 'auth team', remote: 'mf_auth' }, headers: admin });
    expect((await register('2.9.0', { url: url('2.0.0') }, bearer(minted.json().data.token))).statusCode).toBe(403);
    expect(await versions()).toEqual(['2.0.0']);
  });

  it("goes live with the shell sent to its host, which the Content Security Policy allows, and its prerendered page in the shell's", async () => {
    expect((await promote('production', '2.0.0')).json().data).toMatchObject({ action: 'promote', version: '2.0.0' });
    const entry = await landingEntry();
    // The shell loads its manifest and remote entry from the host with the sha384 recorded at registration.
    expect(entry).toMatchObject({ entry: url('2.0.0'), release: { version: '2.0.0', integrity: integrityOf(MANIFEST), entryIntegrity: integrityOf(ENTRY) } });
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`script-src [^;]*${host.origin.replace(/[.:/]/g, '\\$&')}`));
    expect(page.headers['content-security-policy']).not.toContain(elsewhere.origin);
    expect(page.body).toContain(`<div data-prerendered-outlet="mf_landing">${LANDING}</div>`);
  });

  it('does not go live once the host serves something else than was registered, or cannot be read', async () => {
    hostBuild('3.0.0');
    expect((await register('3.0.0', { url: url('3.0.0') })).statusCode).toBe(200);
    host.files.set('/mf-landing/3.0.0/remoteEntry.js', 'var mf_landing = "changed in place";');
    const changed = await promote('production', '3.0.0');
    expect([changed.statusCode, changed.json().code]).toEqual([409, 'BP_ERR_RELEASE_HOSTED_CHANGED']);
    expect(changed.json().alert).toContain('remoteEntry.js changed since it was registered');
    host.files.delete('/mf-landing/3.0.0/mf-manifest.json');
    expect((await promote('production', '3.0.0')).json().data).toEqual({ problem: `${url('3.0.0')} answered 404` });
    expect((await landingEntry()).release.version).toBe('2.0.0');
    const [refused] = (await t.app.inject({ url: '/api/releases/channels/production/history?remote=mf_landing', headers: admin })).json().data;
    expect(refused.action).toBe('promote');
    const audit = (await t.app.inject({ url: '/api/releases/audit?remote=mf_landing', headers: admin })).json().data;
    expect(audit[0]).toMatchObject({ action: 'promote-refused', toVersion: '3.0.0', detail: { hostedChanged: `${url('3.0.0')} answered 404` } });

    hostBuild('3.0.0');
    expect((await promote('production', '3.0.0')).json().data).toMatchObject({ action: 'promote', version: '3.0.0' });
    expect((await landingEntry()).entry).toBe(url('3.0.0'));
  });

  describe('without RELEASE_HOSTED_ORIGINS', () => {
    it('takes no hosted release at all', async () => {
      const bare = await startTestApp(database(), { env: { RELEASE_TOKEN } });
      try {
        const res = await bare.app.inject({ method: 'PUT', url: '/api/releases/mf_landing/9.0.0/hosted', payload: { url: url('2.0.0') }, headers: admin });
        expect(res.json().errors).toEqual({ url: expect.stringContaining('(none set)') });
      } finally {
        await bare.app.close();
      }
    });
  });
});
