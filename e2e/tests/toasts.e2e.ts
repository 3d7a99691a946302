/**
 * Toasts on a phone (360 x 740) cover neither the dashboard's tab bar nor a form's Save button
 * (docs/FRONTEND.md, "Toasts"): they drop in under the navigation bar.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { launchBrowser, product, screenshot } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

async function expectApart(page: Page, toast: Locator, others: Locator[]) {
  const a = await boxOf(toast);
  for (const other of others) {
    const b = await boxOf(other);
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect({ toast: a, other: b, overlap }).toMatchObject({ overlap: false });
  }
  // Under the navigation bar, not over it.
  const nav = await boxOf(page.getByRole('navigation', { name: 'Main' }));
  expect(a.y).toBeGreaterThanOrEqual(nav.y + nav.height);
}

it('on a phone, a toast covers neither the tab bar nor the Save button', async () => {
  const token = await registerDriver(product().baseUrl);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: product().baseUrl, hasTouch: true, isMobile: true });
  await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // A form's refusal: the password form sent empty.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Password' }).click();
  const save = page.getByRole('button', { name: 'Change password' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' });
  await toast.waitFor();
  await expectApart(page, toast, [save]);
  await screenshot(page, 'toast-phone-account');

  // The dashboard: Start without a service area is refused with an alert.
  await connectPlatformAccount({ context, page, account: { email: 'e2e-toasts@example.com', password: 'any password at all' }, simulatorUrl: product().platformSimulatorUrl });
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Start' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Enable a filter' });
  await refused.waitFor();
  await expectApart(page, refused, [page.getByRole('navigation', { name: 'Dashboard views' }), page.getByRole('button', { name: 'Start' })]);
  await screenshot(page, 'toast-phone-dashboard');
  expect(errors).toEqual([]);
  await context.close();
});
