/**
 * Remotes are separate deployments: one going down leaves the rest working and shows a fallback
 * with Retry; a staging preview loads one remote from an allow-listed origin only; every remote
 * also runs alone through its single-spa lifecycle.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, product, screenshot } from '../src/support/browser';
import { STATE_FILE, WORKSPACE } from '../src/support/paths';
import { startRemoteHost, stop } from '../src/support/processes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a remote whose server is down', () => {
  it('shows the fallback inside the shell, other routes keep working, and Retry loads it once it is back', async () => {
    const running = product();
    stop(running.hostPids[0]!); // mf_auth's own host
    const { context, page } = await openPage(browser);

    await page.goto('/login');
    const fallback = page.locator('[data-remote-fallback="mf_auth"]');
    await fallback.waitFor();
    await expect(fallback.getByRole('heading').textContent()).resolves.toBe('The sign-in page could not be loaded');
    // Whose fault it is, never the federation runtime's own words.
    await fallback.getByText(/did not answer\. This is not your connection/).waitFor();
    await expect(fallback.textContent()).resolves.not.toMatch(/RUNTIME|manifestUrl/);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'fallback-mf_auth-down');

    // The shell and the other remotes still work, without a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.locator('[data-remote-root="mf_landing"]').waitFor();

    // Back to the route while the remote is still down: the fallback again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await fallback.waitFor();

    // Bring the remote back; Retry loads it without a page reload.
    const host = await startRemoteHost('remote-auth-restarted', path.join(WORKSPACE, 'mf-auth/dist'), running.authRemotePort);
    running.hostPids[0] = host.pid!;
    writeFileSync(STATE_FILE, JSON.stringify(running, null, 2)); // so teardown stops the new host
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-remote-root="mf_auth"]').waitFor();
    await context.close();
  });
});

describe('staging preview of one remote', () => {
  it('loads the remote from an allow-listed origin for the rest of the tab', async () => {
    const { stagingUrl } = product();
    const { context, page, errors } = await openPage(browser);
    const scriptOrigins = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('mf-manifest.json')) scriptOrigins.add(new URL(request.url()).origin);
    });

    await page.goto(`/?remotePreview=mf_landing@${stagingUrl}/mf-manifest.json`);
    const banner = page.locator('[data-preview="active"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(`Previewing mf_landing from ${stagingUrl}`);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    expect(scriptOrigins).toContain(stagingUrl);

    // Remembered for the tab: a later page without the parameter still previews.
    await page.goto('/askAQuestion');
    await page.locator('[data-preview="active"]').waitFor();
    await screenshot(page, 'preview-allowed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a foreign origin with a visible message and keeps the normal remote', async () => {
    const { foreignUrl, baseUrl } = product();
    const { context, page } = await openPage(browser);
    const landingManifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('mf-manifest.json')) landingManifests.push(request.url());
    });

    await page.goto(`/?remotePreview=mf_landing@${foreignUrl}/mf-manifest.json`);
    const banner = page.locator('[data-preview="refused"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(`${foreignUrl} is not on the preview allow-list`);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    expect(landingManifests.some((url) => url.startsWith(foreignUrl))).toBe(false);
    expect(landingManifests).toContain(`${baseUrl}/remotes/mf-landing/mf-manifest.json`);
    await screenshot(page, 'preview-refused');
    await context.close();
  });
});

describe('standalone previews', () => {
  it.each([
    ['mf-landing', '/#/askAQuestion'],
    ['mf-dashboard', '/#/dashboard/logs'],
    ['mf-account', '/#/account/credit'],
  ])('%s renders alone through its single-spa lifecycle', async (remote, hash) => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`/remotes/${remote}${hash}`);
    await page.waitForFunction(() => (document.getElementById('root')?.textContent ?? '').trim().length > 0);
    // No shell here: the preview page has no navigation bar of its own.
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await screenshot(page, `standalone-${remote}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
