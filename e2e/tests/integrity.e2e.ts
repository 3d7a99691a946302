/**
 * Integrity in the browser (docs/RELEASES.md "Integrity in the browser"): a release hosted on
 * another origin is checked by the server when it is registered and promoted, and after that its
 * host serves the browser directly. A host (or anything between it and the browser) that changes a
 * file after that must not get its code run: the page loads the release's manifest, remote entry
 * and chunks only with the sha384 recorded for them, and shows the fallback instead. Each tampered
 * file here sets a flag on the page when it runs; the flag must stay unset.
 *
 * The release is the workspace's own build of mf-landing, hosted by a remote host of its own and
 * registered by its manifest's URL, as a team deploying to its CDN does. Every test starts from the
 * build as it was registered, then changes one file on the host.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ARTIFACTS_DIR, STATE_FILE, WORKSPACE } from '../src/support/paths';
import { freePort } from '../src/support/ports';
import { startRemoteHost, stopAndWait } from '../src/support/processes';
import { releaseCli, startReleaseServer, type ReleaseServer } from '../src/support/releases';
import { rememberSecret } from '../src/support/secrets';

const REMOTE = 'mf_landing';
const VERSION = '1.0.0-hosted';
/** What the contact form's support remote shows once it rendered. */
const INTRO = /ask anything about BlockPilot/i;
/** Set by whatever tampered code the page runs. */
const FLAG = '__tamperedCodeRan';

let browser: Browser;
let server: ReleaseServer;
/** The build as registered, and the folder its host serves (changed by the tests). */
let registeredDir: string;
let hostedDir: string;
let hostedOrigin: string;

/** Runs the release CLI against this suite's server; fails with its output unless it succeeded. */
async function release(token: string, ...args: string[]): Promise<Record<string, unknown>> {
  const run = await releaseCli(server.baseUrl, token, args);
  if (run.exitCode !== 0) throw new Error(`release ${args.join(' ')} exited ${run.exitCode}: ${JSON.stringify(run.output)}`);
  return run.output;
}

/** Writes `text` over a hosted file, and drops its precompressed copies (the host would send those instead). */
function replaceOnHost(file: string, text: string): void {
  writeFileSync(path.join(hostedDir, file), text);
  rmSync(path.join(hostedDir, `${file}.br`), { force: true });
  rmSync(path.join(hostedDir, `${file}.gz`), { force: true });
}

const hostedText = (file: string) => readFileSync(path.join(hostedDir, file), 'utf8');
const setsFlag = (name: string) => `window.${FLAG} = ${JSON.stringify(name)};\n`;

/** Where the page keeps each script and link element added to it: its URL and integrity attribute. */
const ADDED = '__addedElements';

/**
 * A visitor's fresh tab (no cache) on the contact form, which mf-landing renders. It notes every
 * script and link put into the page (the runtime and the chunk loader remove them once loaded).
 */
async function openContactForm() {
  const tab = await openPage(browser, 1440, { baseUrl: server.baseUrl });
  await tab.context.addInitScript((added) => {
    const seen: Array<{ tag: string; url: string; integrity: string | null }> = [];
    (window as unknown as Record<string, unknown>)[added] = seen;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
        if (node instanceof HTMLScriptElement || node instanceof HTMLLinkElement)
          seen.push({ tag: node.tagName, url: node instanceof HTMLScriptElement ? node.src : node.href, integrity: node.getAttribute('integrity') });
      }
    }).observe(document, { childList: true, subtree: true });
  }, ADDED);
  await visit(tab.page, '/askAQuestion');
  return tab;
}

/** What the page shows once the remote rendered or failed: `rendered` or `fallback`. */
async function outcome(page: Page): Promise<'rendered' | 'fallback'> {
  const fallback = page.locator(`[data-remote-fallback="${REMOTE}"]`);
  await page.getByText(INTRO).or(fallback).first().waitFor();
  return (await fallback.count()) > 0 ? 'fallback' : 'rendered';
}

const flagOf = (page: Page) => page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], FLAG);

beforeAll(async () => {
  const { runDir, secretsFile } = product();
  const releaseToken = randomBytes(24).toString('base64url');
  rememberSecret(secretsFile, 'RELEASE_TOKEN of the integrity server', releaseToken);
  registeredDir = path.join(runDir, 'mf-landing-registered');
  hostedDir = path.join(runDir, 'mf-landing-hosted-integrity');
  cpSync(path.join(WORKSPACE, 'mf-landing/dist'), registeredDir, { recursive: true });
  cpSync(registeredDir, hostedDir, { recursive: true });
  const hostPort = await freePort();
  hostedOrigin = `http://127.0.0.1:${hostPort}`;
  server = await startReleaseServer(path.join(runDir, 'integrity-data'), releaseToken, { RELEASE_HOSTED_ORIGINS: hostedOrigin });
  const host = await startRemoteHost('integrity-hosted', hostedDir, hostPort);
  // globalTeardown stops them even if this file ends early.
  const state = product();
  writeFileSync(STATE_FILE, JSON.stringify({ ...state, extraPids: [...(state.extraPids ?? []), server.process.pid!, host.pid!] }, null, 2));
  await release(releaseToken, 'publish', 'mf-landing', '--url', `${hostedOrigin}/mf-manifest.json`, '--version', VERSION);
  await release(releaseToken, 'promote', REMOTE, VERSION);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopAndWait(server.process.pid!, path.join(ARTIFACTS_DIR, 'integrity-server.log'));
});

beforeEach(() => {
  // The build as registered: the previous test's change undone.
  rmSync(hostedDir, { recursive: true, force: true });
  cpSync(registeredDir, hostedDir, { recursive: true });
});

describe('a hosted release as registered', () => {
  it('loads from its host with every file checked, and again on the next visit (from the cache)', async () => {
    const { context, page, errors } = await openContactForm();
    await expect(outcome(page)).resolves.toBe('rendered');
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded).toEqual(expect.arrayContaining([`${hostedOrigin}/mf-manifest.json`, `${hostedOrigin}/remoteEntry.js`]));
    // Every script of the host, and every preload of one, was put into the page with its sha384:
    // the remote entry's by the federation runtime, the App chunk's by the entry's chunk loader.
    const added = await page.evaluate((name) => (window as unknown as Record<string, Array<{ tag: string; url: string; integrity: string | null }>>)[name]!, ADDED);
    const fromHost = added.filter(({ url }) => url.startsWith(hostedOrigin));
    const scripts = fromHost.filter(({ tag }) => tag === 'SCRIPT').map(({ url }) => url);
    expect(scripts).toEqual(expect.arrayContaining([`${hostedOrigin}/remoteEntry.js`, expect.stringMatching(/__federation_expose_App\.[0-9a-f]+\.js$/)]));
    expect(fromHost.filter(({ integrity }) => !/^sha384-[A-Za-z0-9+/]{64}$/.test(integrity ?? ''))).toEqual([]);

    await page.reload();
    await page.mouse.move(2, 2);
    await expect(outcome(page)).resolves.toBe('rendered');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a hosted release changed on its host after it went live', () => {
  const manifest = () => JSON.parse(hostedText('mf-manifest.json')) as { metaData: { remoteEntry: { name: string } } };
  const appChunk = () => readdirSync(hostedDir).find((file) => /^__federation_expose_App\.[0-9a-f]+\.js$/.test(file))!;

  it.each([
    [
      'its manifest, pointed at another remote entry',
      () => {
        const changed = manifest();
        changed.metaData.remoteEntry.name = 'other-entry.js';
        writeFileSync(path.join(hostedDir, 'other-entry.js'), `${setsFlag('manifest')}${hostedText('remoteEntry.js')}`);
        replaceOnHost('mf-manifest.json', JSON.stringify(changed, null, 2));
      },
    ],
    ['its remote entry', () => replaceOnHost('remoteEntry.js', `${setsFlag('remote entry')}${hostedText('remoteEntry.js')}`)],
    ['the chunk of its exposed App', () => replaceOnHost(appChunk(), `${setsFlag('App chunk')}${hostedText(appChunk())}`)],
  ])('%s: the changed code never runs, and the page shows the fallback', async (what, tamper) => {
    tamper();
    const { context, page } = await openContactForm();
    const shown = await outcome(page);
    const ran = await flagOf(page);
    await screenshot(page, `integrity-${what.split(',')[0]!.replace(/\W+/g, '-')}`);
    expect({ ran, shown }).toEqual({ ran: undefined, shown: 'fallback' });
    await page.locator(`[data-remote-fallback="${REMOTE}"]`).getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    await context.close();
  });
});
