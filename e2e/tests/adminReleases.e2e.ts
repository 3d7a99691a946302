/**
 * Releases in the operator console (docs/OPERATIONS.md "Releases") and open tabs that learn of a
 * new release at once (docs/LIVE.md "New releases"), on a server of this file's own (its registry
 * moves, which the shared product's must not): at phone and desktop width an admin sees each
 * remote's stable release and canary with the channel's moves, ends a canary and rolls a remote
 * back, each confirmed with a reason; a connected driver's open dashboard offers the reload within
 * seconds of a promote, with no check of its own; and the offer shows above the blocking Connect
 * Account dialog, where a tap on it reloads into the new release.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { E2E_ADMIN_EMAIL, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { signInThroughPage } from '../src/support/operator';
import { ARTIFACTS_DIR } from '../src/support/paths';
import { embeddedSimulatorUrl } from '../src/support/platform';
import { stopAndWait } from '../src/support/processes';
import { releaseOrFail, startReleaseServer, stopAtTeardown, type ReleaseServer } from '../src/support/releases';
import { rememberSecret } from '../src/support/secrets';
import { waitFor } from '../src/support/waitFor';

const REMOTE = 'mf_dashboard';
/** Where the shell keeps the signed-in driver's access token (its storage key). */
const ACCESS_TOKEN_KEY = 'acccessToken';
/** "Within a few seconds": the tab waits up to 2 s before it reads the list, on a loaded machine. */
const OFFER_TIMEOUT_MS = 10_000;

let browser: Browser;
let server: ReleaseServer;
let releaseToken: string;
let simulatorUrl: string;

/** Runs the release CLI against this file's server; fails with its output unless it succeeded. */
const release = <T = Record<string, unknown>>(...args: string[]) => releaseOrFail<T>(server.baseUrl, releaseToken, args);

/** Publishes the workspace's build of mf-dashboard as each of `versions` (one build, many versions). */
async function publish(...versions: string[]): Promise<void> {
  for (const version of versions) await release('publish', 'mf-dashboard', '--version', version);
}

/** The live release of mf-dashboard on production, as `status` says. */
async function live(): Promise<{ release: { version: string }; canary: { version: string } | null }> {
  const channels = await release<Array<{ name: string; entries: Array<{ remote: string; release: { version: string }; canary: { version: string } | null }> }>>('status');
  return channels.find((channel) => channel.name === 'production')!.entries.find((entry) => entry.remote === REMOTE)!;
}

/** A browser context on this file's server, signed in with `token` when given. */
async function openTab(width: number, token?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const tab = await openPage(browser, width, { baseUrl: server.baseUrl, injectsScripts: true });
  if (token) await tab.context.addInitScript(([key, value]) => localStorage.setItem(key, value), [ACCESS_TOKEN_KEY, token] as const);
  return tab;
}

/** The page shows `version` of mf-dashboard: its manifest was the one this page load fetched. */
async function expectDashboardRelease(page: Page, version: string): Promise<void> {
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  expect(loaded).toContain(`/releases/${REMOTE}/${version}/mf-manifest.json`);
}

/** Waits until `target`'s text holds `text` (the screen reads the channels again after a move). */
function shows(target: Locator, text: string): Promise<boolean> {
  return waitFor(`"${text}"`, async () => ((await target.textContent()) ?? '').includes(text), OFFER_TIMEOUT_MS);
}

/**
 * Waits until nothing covers the element's centre (a dialog's backdrop never does; a toast passing
 * over it for its few seconds may); fails naming what covers it.
 */
async function expectUncovered(target: Locator): Promise<void> {
  const coveredBy = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top) ? null : (top?.outerHTML.slice(0, 200) ?? 'nothing');
    });
  try {
    await waitFor('the reload button to be uncovered', async () => (await coveredBy()) === null, OFFER_TIMEOUT_MS);
  } catch {
    throw new Error(`the reload button is covered by ${await coveredBy()}`);
  }
}

beforeAll(async () => {
  const { runDir, secretsFile } = product();
  releaseToken = randomBytes(24).toString('base64url');
  rememberSecret(secretsFile, 'RELEASE_TOKEN of the console releases server', releaseToken);
  server = await startReleaseServer(path.join(runDir, 'console-release-data'), releaseToken, { ADMIN_EMAILS: E2E_ADMIN_EMAIL });
  stopAtTeardown(server.process.pid!);
  await registerDriver(server.baseUrl, { emailAddress: E2E_ADMIN_EMAIL });
  simulatorUrl = await embeddedSimulatorUrl(server.baseUrl);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopAndWait(server.process.pid!, path.join(ARTIFACTS_DIR, 'release-server.log'));
});

describe.each([
  [1440, 1],
  [360, 2],
])('the console at %i px', (width, major) => {
  const [one, two, three] = [`${major}.0.0`, `${major}.1.0`, `${major}.2.0`];

  it('shows each remote with its stable release and canary; an admin ends the canary and rolls back, each with a reason', async () => {
    await publish(one, two, three);
    await release('promote', REMOTE, one);
    await release('promote', REMOTE, two);
    await release('promote', REMOTE, three, '--percent', '10', '--users', 'pilot@example.com');

    const { context, page, errors } = await openTab(width);
    await signInThroughPage(page, E2E_ADMIN_EMAIL);
    await visit(page, '/admin/releases');
    await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
    const card = page.getByRole('listitem', { name: `${REMOTE} on production` });
    await card.getByText('Canary running').waitFor();
    await expect(card.textContent()).resolves.toContain(`Stable release${two}`);
    await expect(card.textContent()).resolves.toContain(`${three}For 10% of signed-in usersAlways for: pilot@example.com`);
    const moves = page.getByRole('list', { name: 'Latest moves on production' }).getByRole('listitem');
    await expect(moves.first().textContent()).resolves.toContain(`Canary started · ${REMOTE}${two} → ${three}`);
    // Cards at any width: nothing wider than the window.
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Manage deploy tokens' }).getAttribute('href')).resolves.toBe('/admin/deployTokens');
    await screenshot(page, `admin-releases-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `End canary of ${REMOTE} on production` }).click();
    const endDialog = page.getByRole('dialog', { name: `End the canary of ${REMOTE} on production?` });
    const endReason = endDialog.getByRole('textbox', { name: 'Reason (end canary)' });
    await endReason.fill('   ');
    await endDialog.getByRole('button', { name: 'End canary' }).click();
    await endDialog.getByText('Say why, in words: the reason is kept in the audit log.').waitFor();
    await expect(live()).resolves.toMatchObject({ canary: { version: three } });
    await endReason.fill(`e2e at ${width} px: the canary shows a blank page`);
    expect(await seriousViolations(page)).toEqual([]);
    await endDialog.getByRole('button', { name: 'End canary' }).click();
    await endDialog.waitFor({ state: 'detached' });
    await card.getByText('Canary running').waitFor({ state: 'detached' });
    await shows(moves.first(), `Canary ended · ${REMOTE}${three} → ${two}by admin:${E2E_ADMIN_EMAIL}`);

    await card.getByRole('button', { name: `Roll back ${REMOTE} on production` }).click();
    const rollbackDialog = page.getByRole('dialog', { name: `Roll back ${REMOTE} on production?` });
    await rollbackDialog.getByRole('textbox', { name: 'Reason (roll back)' }).fill(`e2e at ${width} px: ${two} breaks the stats page`);
    await rollbackDialog.getByRole('button', { name: 'Roll back' }).click();
    await rollbackDialog.waitFor({ state: 'detached' });
    await shows(card, `Stable release${one}`);
    await screenshot(page, `admin-releases-rolled-back-${width}`);

    // The registry's own audit log names the admin and keeps the reasons.
    const history = await release<Array<{ action: string; actor: string; reason: string | null; toVersion: string | null }>>('history', REMOTE);
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'rollback', actor: `admin:${E2E_ADMIN_EMAIL}`, reason: `e2e at ${width} px: ${two} breaks the stats page`, toVersion: one }),
      expect.objectContaining({ action: 'canary-rollback', actor: `admin:${E2E_ADMIN_EMAIL}`, reason: `e2e at ${width} px: the canary shows a blank page` }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an open tab', () => {
  it("offers the reload within seconds of a promote, from the driver's live stream", async () => {
    await publish('5.0.0', '5.1.0');
    await release('promote', REMOTE, '5.0.0');
    const token = await registerDriver(server.baseUrl);
    const { context, page, errors } = await openTab(360, token);
    // The connected dashboard holds the live stream open.
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/events' && response.ok(), { timeout: 60_000 });
    await page.goto('/connectAccount');
    await connectPlatformAccount({ context, page, account: { email: `releases-${Date.now()}@example.com`, password: 'releases: the platform password 8Qw' }, simulatorUrl });
    await expectDashboardRelease(page, '5.0.0');
    await streamOpen;
    const listReads: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/remotes.json' && listReads.push(request.url()));

    await release('promote', REMOTE, '5.1.0');
    const offer = page.locator(`[data-release-update="${REMOTE}"]`);
    // No visibilitychange, and the backstop check is minutes away: only the live signal brings it this soon.
    await offer.waitFor({ timeout: OFFER_TIMEOUT_MS });
    expect(listReads.length).toBeGreaterThanOrEqual(1);
    const reload = offer.getByRole('button', { name: 'Reload when ready' });
    await expect(reload.isVisible()).resolves.toBe(true);
    await expectUncovered(reload);
    await screenshot(page, 'release-offer-live-360');
    expect(await seriousViolations(page)).toEqual([]);

    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.getByRole('button', { name: /^(Start|Stop)$/ }).waitFor();
    await expectDashboardRelease(page, '5.1.0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the offer above the blocking Connect Account dialog, and a tap on it reloads', async () => {
    await publish('6.0.0', '6.1.0');
    await release('promote', REMOTE, '6.0.0');
    const { context, page, errors } = await openTab(360);
    await signInThroughPage(page, E2E_ADMIN_EMAIL);
    // The admin lands in the console; on the dashboard, with no platform account, the dialog shows.
    await visit(page, '/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Connect Account' });
    await dialog.waitFor();
    await expectDashboardRelease(page, '6.0.0');

    await release('promote', REMOTE, '6.1.0');
    // Without a live stream (not connected), the tab reads the list when shown again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const reload = page.locator(`[data-release-update="${REMOTE}"]`).getByRole('button', { name: 'Reload when ready' });
    await reload.waitFor({ timeout: OFFER_TIMEOUT_MS });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expectUncovered(reload);
    await screenshot(page, 'release-offer-over-dialog-360');

    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await dialog.waitFor();
    await expectDashboardRelease(page, '6.1.0');
    expect(errors).toEqual([]);
    await context.close();
  });
});
