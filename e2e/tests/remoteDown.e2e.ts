/**
 * What the driver sees when a remote cannot load (docs/FRONTEND.md, "A remote that cannot load"),
 * with the remote's manifest answering 503 (playwright's page.route): the shell says what failed
 * and that it is not their connection, never the federation runtime's own error; with the
 * dashboard down, the search state and a Stop stay in the shell and Stop really stops the search;
 * the prerendered landing page stays readable. And the promotion opt-out link: it works for a
 * signed-in driver, and a bad link says so.
 */
import type { Browser, Page } from 'playwright-core';
import { apiCall, registerDriver } from '../src/support/accounts';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';

interface Filter {
  id: string;
  [field: string]: unknown;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Answers 503 for one remote's manifest, as a broken deployment of that remote would. */
async function remoteAnswers503(page: Page, folder: string): Promise<void> {
  await page.route(`**/remotes/${folder}/mf-manifest.json*`, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }));
}

describe('the dashboard remote down while the search runs', () => {
  it('keeps the search state and a Stop in the shell, and Stop stops the search', async () => {
    const { baseUrl, platformSimulatorUrl } = product();
    const token = await registerDriver(baseUrl);
    const { context, page, errors } = await openPage(browser);
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await connectPlatformAccount({ context, page, account: { email: 'e2e-remote-down@example.com', password: 'any password at all' }, simulatorUrl: platformSimulatorUrl });
    const areas = await apiCall<Array<{ id: string }>>(baseUrl, token, 'POST', '/user/getServiceAreas', {});
    const [filter] = (await apiCall<{ filters: Filter[] }>(baseUrl, token, 'GET', '/user')).filters;
    // Pay at 300.00+ only: nothing on the shared board is taken while this search runs.
    await apiCall(baseUrl, token, 'POST', '/user/saveFilter', { filter: { ...filter, enabled: true, serviceAreas: areas.map((a) => a.id), pay: [100, 100] } });
    await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });

    await remoteAnswers503(page, 'mf-dashboard');
    await page.goto('/dashboard');
    const fallback = page.locator('[data-remote-fallback="mf_dashboard"]');
    await fallback.getByRole('heading', { name: 'Your dashboard could not be loaded' }).waitFor();
    await fallback.getByText("BlockPilot's server answered with an error (503). This is not your connection", { exact: false }).waitFor();
    await expect(fallback.textContent()).resolves.not.toMatch(/RUNTIME|manifestUrl/);
    await fallback.getByText('System Started').waitFor();
    await screenshot(page, 'remote-down-dashboard-stop');

    const stopSent = page.waitForRequest((r) => r.url().endsWith('/api/user/toggleSearchState'));
    await fallback.getByRole('button', { name: 'Stop searching' }).click();
    expect((await stopSent).postDataJSON()).toMatchObject({ searching: false });
    await fallback.getByText('System Stopped').waitFor();
    await expect(apiCall<boolean>(baseUrl, token, 'GET', '/user/getSearchState')).resolves.toBe(false);
    await expect(fallback.getByRole('button', { name: 'Stop searching' }).count()).resolves.toBe(0);

    // Once the remote is back, Retry brings the dashboard without a reload.
    await page.unroute('**/remotes/mf-dashboard/mf-manifest.json*');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-remote-root="mf_dashboard"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the landing remote down', () => {
  it('leaves the prerendered landing page readable, says what failed, and its links still work', async () => {
    const { context, page, errors } = await openPage(browser, 360);
    await remoteAnswers503(page, 'mf-landing');
    await visit(page, '/');
    const notice = page.locator('[data-remote-fallback="prerendered"]');
    await notice.getByText('This is not your connection', { exact: false }).waitFor();
    // A tap no longer replaces the page with an error: the page is still there, and readable.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/RUNTIME|manifestUrl|could not be loaded/);
    await screenshot(page, 'remote-down-landing');
    await page.getByRole('link', { name: 'Try free' }).first().click();
    await page.getByLabel('E-mail address').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the promotion opt-out link', () => {
  const badLink = '/promotionOptOut/v1-cut-short';

  it('opens for a signed-in driver (not sent to the dashboard), and a bad link says so as it opens', async () => {
    const token = await registerDriver(product().baseUrl);
    const { context, page, errors } = await openPage(browser, 360);
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await page.goto(badLink);
    const notice = page.getByRole('alert').filter({ hasText: 'This link does not work' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('This unsubscribe link is not valid');
    expect(new URL(page.url()).pathname).toBe(badLink);
    await expect(page.locator('body').innerText()).resolves.not.toContain('highlighted fields');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a bad link is not valid to a visitor too', async () => {
    const { context, page, errors } = await openPage(browser, 360);
    await page.goto(badLink);
    await page.getByRole('alert').filter({ hasText: 'This link does not work' }).waitFor();
    // Nothing to press on a link that cannot work.
    expect(await page.getByRole('button', { name: 'Unsubscribe from promotional e-mails' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
