/**
 * The release registry in the browser (docs/RELEASES.md): two builds of mf-landing that show
 * different text are published and moved with the release CLI, as a team's CI does, and the
 * pages follow on their next load with no server restart: promote and rollback, a canary that
 * splits signed-in drivers and keeps each on their side, the compatibility gate refusing a build
 * of another React major, an open tab that offers a reload instead of swapping the screen, a
 * signed preview link that swaps one remote for one browser only, and a release hosted on another
 * origin, registered by its manifest's URL, that the pages load from there.
 *
 * Release one is the workspace's own build of mf-landing; release two is the same remote built
 * again with its support form's intro changed (src/support/releaseVariant), which another origin
 * also hosts. Both are built once; every test sets the channel to the state it starts from.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ARTIFACTS_DIR, STATE_FILE, WORKSPACE } from '../src/support/paths';
import { freePort } from '../src/support/ports';
import { startRemoteHost, stopAndWait } from '../src/support/processes';
import { buildLandingVariant, releaseCli, startReleaseServer, type ReleaseServer } from '../src/support/releases';
import { rememberSecret } from '../src/support/secrets';

const REMOTE = 'mf_landing';
/** The support form's intro as release one shows it, and what release two shows instead. */
const INTRO_ONE = 'Ask anything about BlockPilot';
const INTRO_TWO = 'Release two: ask anything about BlockPilot';
const ONE = '1.0.0';
const TWO = '2.0.0';
/** The CLI's exit code for a move the compatibility gate refused (docs/RELEASES.md "CLI"). */
const EXIT_REFUSED_BY_GATE = 2;
/** Where the access token of the signed-in driver is kept (the shell's session storage key). */
const ACCESS_TOKEN_KEY = 'acccessToken';

let browser: Browser;
let server: ReleaseServer;
let releaseToken: string;
let releaseTwoDir: string;
/** The origin hosting release two's build on its own (RELEASE_HOSTED_ORIGINS of the server). */
let hostedOrigin: string;

/** Runs the release CLI against this suite's server; fails with its output unless it succeeded. */
async function release<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const run = await releaseCli<T>(server.baseUrl, releaseToken, args);
  if (run.exitCode !== 0) throw new Error(`release ${args.join(' ')} exited ${run.exitCode}: ${JSON.stringify(run.output)}`);
  return run.output;
}

const manifestOf = (version: string) => `/releases/${REMOTE}/${version}/mf-manifest.json`;

/** The support form's intro, once the landing remote has rendered it. */
async function introShown(page: Page): Promise<string> {
  const intro = page.getByText(/ask anything about BlockPilot/i);
  await intro.waitFor();
  return (await intro.textContent()) ?? '';
}

/** The page shows `version` of mf-landing: its text, and its manifest was the one loaded. */
async function expectRelease(page: Page, version: string): Promise<void> {
  const intro = await introShown(page);
  if (version === ONE) expect(intro.startsWith(INTRO_ONE)).toBe(true);
  else expect(intro.startsWith(INTRO_TWO)).toBe(true);
  // Resource timing lists this page load's fetches, cached ones included.
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  expect(loaded).toContain(manifestOf(version));
}

/** Puts `version` live as the stable release of mf-landing on production (a no-op when it already is). */
function promote(version: string) {
  return release<{ action: string; version: string; fromVersion: string | null }>('promote', REMOTE, version);
}

/** Reloads as a person does: the page loads, then the pointer moves (see `visit`). */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.mouse.move(2, 2);
}

function openTab() {
  return openPage(browser, 1440, { baseUrl: server.baseUrl });
}

/** A visitor's new tab on the contact form, which shows release `version` of mf-landing. */
async function openContactForm(version: string) {
  const tab = await openTab();
  await visit(tab.page, '/askAQuestion');
  await expectRelease(tab.page, version);
  return tab;
}

beforeAll(async () => {
  const { runDir, secretsFile } = product();
  releaseToken = randomBytes(24).toString('base64url');
  rememberSecret(secretsFile, 'RELEASE_TOKEN of the release server', releaseToken);
  releaseTwoDir = path.join(runDir, 'mf-landing-release-two');
  const hostPort = await freePort();
  hostedOrigin = `http://127.0.0.1:${hostPort}`;
  [server] = await Promise.all([
    startReleaseServer(path.join(runDir, 'release-data'), releaseToken, { RELEASE_HOSTED_ORIGINS: hostedOrigin }),
    buildLandingVariant(releaseTwoDir, { from: INTRO_ONE, to: INTRO_TWO }),
  ]);
  const host = await startRemoteHost('release-hosted', releaseTwoDir, hostPort);
  // globalTeardown stops them even if this file ends early.
  const state = product();
  writeFileSync(STATE_FILE, JSON.stringify({ ...state, extraPids: [...(state.extraPids ?? []), server.process.pid!, host.pid!] }, null, 2));
  await release('publish', 'mf-landing', '--version', ONE);
  await release('publish', 'mf-landing', '--dir', releaseTwoDir, '--version', TWO);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopAndWait(server.process.pid!, path.join(ARTIFACTS_DIR, 'release-server.log'));
});

describe('promote and rollback', () => {
  it('shows release two on the next load once it is promoted, and release one again after a rollback, with no restart', async () => {
    await promote(ONE);
    const { context, page, errors } = await openContactForm(ONE);

    await expect(promote(TWO)).resolves.toMatchObject({ action: 'promote', version: TWO, fromVersion: ONE });
    await reload(page);
    await expectRelease(page, TWO);
    await screenshot(page, 'release-two-promoted');

    await expect(release('rollback', REMOTE, '--reason', 'e2e: back to release one')).resolves.toMatchObject({ action: 'rollback', version: ONE, fromVersion: TWO });
    await reload(page);
    await expectRelease(page, ONE);

    // The same server process answered every load: nothing was restarted.
    expect(server.process.exitCode).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a canary at 50%', () => {
  it('shows different drivers different releases, each always the same one', async () => {
    await promote(ONE);
    const drivers = await Promise.all(Array.from({ length: 6 }, () => registerDriver(server.baseUrl)));
    const landingEntry = async (token: string) => {
      const res = await fetch(`${server.baseUrl}/remotes.json`, { headers: { authorization: `Bearer ${token}` } });
      const list = (await res.json()) as { remotes: Array<{ name: string; entry: string }> };
      return list.remotes.find((remote) => remote.name === REMOTE)!.entry;
    };
    // A driver's side is a hash of the canary release and the driver: six drivers fall on one side
    // only one time in 32, so another canary release (same build, new id) is tried then.
    let inCanary: string | undefined;
    let outside: string | undefined;
    let canary = '';
    for (let attempt = 0; attempt < 3 && !(inCanary && outside); attempt += 1) {
      canary = `2.1.${attempt}`;
      await release('publish', 'mf-landing', '--dir', releaseTwoDir, '--version', canary);
      await expect(release('promote', REMOTE, canary, '--percent', '50')).resolves.toMatchObject({ action: 'canary', version: canary });
      const entries = await Promise.all(drivers.map(landingEntry));
      inCanary = drivers.find((_, i) => entries[i] === manifestOf(canary));
      outside = drivers.find((_, i) => entries[i] === manifestOf(ONE));
      if (!(inCanary && outside)) await release('rollback', REMOTE, '--reason', 'e2e: every driver fell on one side');
    }
    if (!inCanary || !outside) throw new Error('no canary release split six drivers in three tries');

    for (const [token, version, shows] of [
      [inCanary, canary, INTRO_TWO],
      [outside, ONE, INTRO_ONE],
    ] as const) {
      const { context, page, errors } = await openTab();
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [ACCESS_TOKEN_KEY, token] as const);
      for (let load = 0; load < 3; load += 1) {
        if (load === 0) await visit(page, '/help');
        else await reload(page);
        await expect(introShown(page)).resolves.toMatch(new RegExp(`^${shows}`));
        const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
        expect(loaded).toContain(manifestOf(version));
      }
      await screenshot(page, `release-canary-${version}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    await expect(release('rollback', REMOTE, '--reason', 'e2e: canary seen')).resolves.toMatchObject({ action: 'canary-rollback' });
  });
});

describe('the compatibility gate', () => {
  it('refuses to promote a build of another React major, naming the mismatch, and leaves production as it was', async () => {
    await promote(ONE);
    // A build's shared versions are read from its manifest: one that says React 18 is all it takes.
    const dir = path.join(product().runDir, 'mf-landing-react18');
    mkdirSync(dir, { recursive: true });
    const built = path.join(WORKSPACE, 'mf-landing/dist');
    const manifest = JSON.parse(readFileSync(path.join(built, 'mf-manifest.json'), 'utf8')) as { shared: Array<{ name: string; version: string; requiredVersion: string }> };
    for (const shared of manifest.shared) {
      if (/^react(-dom)?(\/|$)/.test(shared.name)) Object.assign(shared, { version: '18.3.1', requiredVersion: '^18.3.1' });
    }
    // The whole build: a manifest naming chunks that are not uploaded is refused at publish. Its
    // precompressed manifests would still say React 19, so they go.
    cpSync(built, dir, { recursive: true });
    for (const copy of ['mf-manifest.json.br', 'mf-manifest.json.gz']) rmSync(path.join(dir, copy), { force: true });
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    const react18 = '3.0.0-react18';
    await release('publish', 'mf-landing', '--dir', dir, '--version', react18);

    const refused = await releaseCli<{ code: string; error: string; data: { mismatches: Array<{ kind: string; subject: string; party?: string }> } }>(
      server.baseUrl,
      releaseToken,
      ['promote', REMOTE, react18],
    );
    expect(refused.exitCode).toBe(EXIT_REFUSED_BY_GATE);
    expect(refused.output.code).toBe('BP_ERR_RELEASE_GATE_REFUSED');
    expect(refused.output.data.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'candidate-not-accepted', subject: 'react', party: 'shell' })]));
    expect(refused.output.error).toContain('react 18.3.1');

    const channels = await release<Array<{ name: string; entries: Array<{ remote: string; release: { version: string } }> }>>('status');
    const production = channels.find((channel) => channel.name === 'production')!;
    expect(production.entries.find((entry) => entry.remote === REMOTE)?.release.version).toBe(ONE);
  });
});

describe('an open tab', () => {
  it('offers a reload when its remote gets a new release, and keeps the screen and what was typed until the driver takes it', async () => {
    await promote(ONE);
    const { context, page, errors } = await openContactForm(ONE);
    const question = page.getByLabel('Your question');
    await question.fill('Half-written question');
    const newReleaseRequests: string[] = [];
    page.on('request', (request) => request.url().includes(`/releases/${REMOTE}/${TWO}/`) && newReleaseRequests.push(request.url()));

    await promote(TWO);
    // The tab re-reads its remote list when told of a move, when shown again and every few minutes: the second, now.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const banner = page.locator(`[data-release-update="${REMOTE}"]`);
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('A new version of this app is available.');
    await screenshot(page, 'release-update-offered');

    // Nothing was swapped: the same screen, the same text typed, nothing of release two fetched.
    expect((await introShown(page)).startsWith(INTRO_ONE)).toBe(true);
    await expect(question.inputValue()).resolves.toBe('Half-written question');
    expect(newReleaseRequests).toEqual([]);

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload when ready' }).click()]);
    await page.mouse.move(2, 2);
    await expectRelease(page, TWO);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a preview link', () => {
  it('swaps one remote for the browser that opened it only, under a banner with a way out', async () => {
    await promote(ONE);
    const link = await release<{ url: string }>('preview', REMOTE, TWO);

    const previewing = await openTab();
    // No pointer moved: the link's page loads the previewed app at once, banner included.
    await previewing.page.goto(link.url);
    const banner = previewing.page.locator('[data-release-preview="active"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(`Previewing ${REMOTE} ${TWO} in this tab`);
    // Kept for the tab: a later page without the link still previews.
    await visit(previewing.page, '/askAQuestion');
    await expectRelease(previewing.page, TWO);
    await banner.waitFor();
    await screenshot(previewing.page, 'release-preview-active');

    const other = await openContactForm(ONE);
    await expect(other.page.locator('[data-release-preview]').count()).resolves.toBe(0);

    await Promise.all([previewing.page.waitForURL(/releasePreview=$/), banner.getByRole('link', { name: 'End preview' }).click()]);
    await previewing.page.mouse.move(2, 2);
    await expectRelease(previewing.page, ONE);
    await expect(previewing.page.locator('[data-release-preview]').count()).resolves.toBe(0);

    expect([...previewing.errors, ...other.errors]).toEqual([]);
    await Promise.all([previewing.context.close(), other.context.close()]);
  });
});

describe('a release hosted elsewhere', () => {
  it('is registered by its manifest URL, goes live, and the pages load it from its own origin', async () => {
    await promote(ONE);
    const hosted = '4.0.0-hosted';
    const manifestUrl = `${hostedOrigin}/mf-manifest.json`;
    await expect(release('publish', 'mf-landing', '--url', manifestUrl, '--version', hosted)).resolves.toMatchObject({
      version: hosted,
      entry: manifestUrl,
      hostedUrl: manifestUrl,
    });
    await expect(promote(hosted)).resolves.toMatchObject({ action: 'promote', version: hosted, fromVersion: ONE });

    const { context, page, errors } = await openTab();
    const fromRegistry: string[] = [];
    page.on('request', (request) => request.url().includes(`/releases/${REMOTE}/`) && fromRegistry.push(request.url()));
    await visit(page, '/askAQuestion');
    expect((await introShown(page)).startsWith(INTRO_TWO)).toBe(true);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded).toEqual(expect.arrayContaining([manifestUrl, `${hostedOrigin}/remoteEntry.js`]));
    expect(fromRegistry).toEqual([]);
    await screenshot(page, 'release-hosted-elsewhere');
    // The Content Security Policy let the page load the other origin's code: no error, no violation.
    expect(errors).toEqual([]);
    await context.close();
    await promote(ONE);
  });
});
