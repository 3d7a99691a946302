/** Every route of docs/PRODUCT.md section 2 renders its remote's content inside the shell, in Chromium. */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { registerDriver } from '../src/support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Opens a path and waits until a remote has rendered; returns which remote it was. */
async function remoteAt(page: Page, path: string): Promise<string | null> {
  await visit(page, path);
  const root = page.locator('[data-remote-root]');
  await root.first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => (document.querySelector('[data-remote-root]')?.textContent ?? '').trim().length > 0);
  return root.first().getAttribute('data-remote-root');
}

describe('signed out', () => {
  it.each([
    ['/', 'mf_landing'],
    ['/promotionOptOut/user-1', 'mf_landing'],
    ['/askAQuestion', 'mf_landing'],
    ['/resetPassword', 'mf_auth'],
    ['/resetPassword/some-token', 'mf_auth'],
    ['/register', 'mf_auth'],
    ['/login', 'mf_auth'],
    ['/dashboard', 'mf_landing'],
  ])('%s is rendered by %s inside the shell', async (path, remote) => {
    const { context, page, errors } = await openPage(browser);
    expect(await remoteAt(page, path)).toBe(remote);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).isVisible()).resolves.toBe(true);
    await screenshot(page, `route-signed-out${path.replace(/\//g, '_')}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores the invite code of /invite/{code} and goes to /', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/invite/FRIEND42');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('inviteCode'))).toBe('"FRIEND42"');
    await context.close();
  });

  it('collapses the navigation into a menu on a phone, and the drawer closes on navigation', async () => {
    const { context, page } = await openPage(browser, 360);
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByTestId('nav-drawer').waitFor({ state: 'detached', timeout: 2000 });
    await screenshot(page, 'nav-phone-login');
    await context.close();
  });
});

describe('signed in', () => {
  let token: string;
  beforeAll(async () => {
    token = await registerDriver(product().baseUrl);
  });

  it.each([
    ['/dashboard', 'mf_dashboard'],
    ['/dashboard/settings', 'mf_dashboard'],
    ['/dashboard/logs', 'mf_dashboard'],
    ['/connectAccount', 'mf_dashboard'],
    ['/account', 'mf_account'],
    ['/account/inviteCode', 'mf_account'],
    ['/account/notificationPreferences', 'mf_account'],
    ['/account/credit', 'mf_account'],
    ['/account/purchaseCompleted', 'mf_account'],
    ['/knowledgeBase', 'mf_landing'],
    ['/help', 'mf_landing'],
  ])('%s is rendered by %s inside the shell', async (path, remote) => {
    const { context, page, errors } = await openPage(browser);
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    expect(await remoteAt(page, path)).toBe(remote);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await screenshot(page, `route-signed-in${path.replace(/\//g, '_')}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['/', '/login', '/somewhere/else'])('%s redirects to /dashboard', async (path) => {
    const { context, page } = await openPage(browser);
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await page.goto(path);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('signs out at /logout and returns to the landing page', async () => {
    const { context, page } = await openPage(browser);
    const own = await registerDriver(product().baseUrl);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('acccessToken', t), own);
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('acccessToken'))).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });
});

describe('the site icon', () => {
  it('is served at /favicon.ico, where browsers and bookmarks look for it first', async () => {
    const res = await fetch(`${product().baseUrl}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
