/**
 * The prerendered landing page taken from the live landing release (docs/RELEASES.md "The
 * prerendered landing page"): the shell's page at / carries the page of the mf_landing release
 * live on the deployment's channel, follows the channel at once when it moves (promote, rollback),
 * keeps the deployed build's page while the channel has no landing release, and sends the plain
 * page rather than a prerendered page that fails its integrity check.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { PRERENDERED_LANDING_PATH } from '@blockpilot/shared/constants';
import { bearer, startTestApp, type TestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { fakeFrontend } from '../../../test/frontend.js';
import { REACT_19, releaseBuild } from '../../../test/releaseBuild.js';

const RELEASE_TOKEN = 'release-token-for-the-landing-tests-0123456789';
/** What the deployed build's prerendered page says (test/frontend.ts). */
const DEPLOYED = '<main>prerendered landing</main>';
const pageOf = (version: string) => `<main>landing of release ${version}</main>`;

describeEachDatabase('the prerendered landing page of the live release', (database) => {
  let t: TestApp;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bp-live-landing-'));
    const frontend = fakeFrontend();
    writeFileSync(path.join(frontend, 'shell/dist/mf-manifest.json'), JSON.stringify({ name: 'shell', shared: REACT_19, exposes: [] }));
    t = await startTestApp(database(), { env: { RELEASE_TOKEN, DATA_DIR: dataDir, FRONTEND_DIR: frontend }, serveFrontend: true });
  });
  after(async () => {
    await t.app.close();
  });

  const headers = bearer(RELEASE_TOKEN);
  const publish = (version: string, extra: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/releases/mf_landing/${version}`, payload: releaseBuild('mf_landing', version, { extra }), headers });
  const move = (action: 'promote' | 'rollback', version?: string) =>
    t.app.inject({ method: 'POST', url: `/api/releases/channels/production/${action}`, payload: { remote: 'mf_landing', ...(version ? { version } : {}) }, headers });
  /** What the outlet of the page at `pathname` holds. */
  const outlet = async (pathname = '/') => /<div data-prerendered-outlet="[^"]*">(.*?)<\/div><\/div>/.exec((await t.app.inject({ url: pathname })).body)?.[1] ?? null;

  it("keeps the deployed build's page while the channel has no landing release", async () => {
    expect((await publish('1.0.0', { [PRERENDERED_LANDING_PATH]: pageOf('1.0.0') })).statusCode).toBe(200);
    expect(await outlet()).toBe(DEPLOYED);
  });

  it("takes the live release's page, and follows the channel at once when it moves", async () => {
    expect((await move('promote', '1.0.0')).statusCode).toBe(200);
    expect(await outlet()).toBe(pageOf('1.0.0'));
    expect(await outlet('/invite/ABC123')).toBe(pageOf('1.0.0'));
    expect((await publish('2.0.0', { [PRERENDERED_LANDING_PATH]: pageOf('2.0.0') })).statusCode).toBe(200);
    expect(await outlet()).toBe(pageOf('1.0.0'));
    expect((await move('promote', '2.0.0')).statusCode).toBe(200);
    expect(await outlet()).toBe(pageOf('2.0.0'));
    expect((await move('rollback')).statusCode).toBe(200);
    expect(await outlet()).toBe(pageOf('1.0.0'));
  });

  it('gives a visitor the stable release, never a canary', async () => {
    expect((await move('promote', '2.0.0')).statusCode).toBe(200);
    expect((await publish('2.1.0', { [PRERENDERED_LANDING_PATH]: pageOf('2.1.0') })).statusCode).toBe(200);
    const canary = await t.app.inject({
      method: 'POST',
      url: '/api/releases/channels/production/promote',
      payload: { remote: 'mf_landing', version: '2.1.0', percent: 50 },
      headers,
    });
    expect(canary.json().data.action).toBe('canary');
    expect(await outlet()).toBe(pageOf('2.0.0'));
    expect((await move('rollback')).json().data.action).toBe('canary-rollback');
  });

  it('sends the plain page for a live release without a prerendered page, or whose page fails its integrity check', async () => {
    expect((await publish('3.0.0', {})).statusCode).toBe(200);
    expect((await move('promote', '3.0.0')).statusCode).toBe(200);
    expect(await outlet()).toBe('');

    // Damaged after it went live (before, the move itself is refused: docs/RELEASES.md "Moves: promote, rollback, compare-and-swap").
    expect((await publish('4.0.0', { [PRERENDERED_LANDING_PATH]: pageOf('4.0.0') })).statusCode).toBe(200);
    expect((await move('promote', '4.0.0')).statusCode).toBe(200);
    writeFileSync(path.join(dataDir, 'releases/blobs', createHash('sha384').update(pageOf('4.0.0')).digest('hex')), '<main>tampered</main>');
    expect(await outlet()).toBe('');
  });
});
