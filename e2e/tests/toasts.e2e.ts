/**
 * Toasts never cover the control that raised them (docs/FRONTEND.md, "Toasts"): on a phone (360 x
 * 740) neither the dashboard's tab bar nor a form's Save button (they drop in under the navigation
 * bar) nor an open dialog's title (they go to the bottom then), one at a time; on a desktop stacked
 * in the bottom-right corner, away from the calendar link's field and buttons.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { DRIVER_PASSWORD, registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, openPage, product, screenshot } from '../src/support/browser';
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

it("the calendar link's toasts cover neither its field nor its buttons; on a phone one shows at a time (360 and 1440 px, English and Spanish)", async () => {
  const words = {
    en: { make: 'Make a calendar link', makeNew: 'Make a new link', copy: 'Copy link', revoke: 'Revoke link' },
    es: { make: 'Crear un enlace de calendario', makeNew: 'Crear un enlace nuevo', copy: 'Copiar enlace', revoke: 'Revocar enlace' },
  } as const;
  for (const width of [360, 1440]) {
    for (const language of ['en', 'es'] as const) {
      const said = words[language];
      const { context, page, errors } = await openDriverPage(browser, width, await registerDriver(product().baseUrl, { language }));
      await page.goto('/dashboard/calendar');
      const toasts = page.locator('div[aria-live="polite"] > [role="status"], div[aria-live="polite"] > [role="alert"]');
      await page.getByRole('button', { name: said.make }).click();
      const controls = [
        page.locator('input[readonly]'),
        page.getByRole('button', { name: said.copy }),
        page.getByRole('button', { name: said.makeNew }),
        page.getByRole('button', { name: said.revoke }),
      ];
      await toasts.first().waitFor();
      for (const control of controls) {
        const a = await boxOf(toasts.first());
        const b = await boxOf(control);
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect({ width, language, overlap }).toEqual({ width, language, overlap: false });
      }
      // Another request's answer: a second toast, stacked on a desktop; on a phone it replaces the first.
      const first = await toasts.first().textContent();
      await page.getByRole('button', { name: said.revoke }).click();
      await toasts.filter({ hasNotText: first ?? '' }).waitFor();
      expect({ width, language, shown: await toasts.count() }).toEqual({ width, language, shown: width < 600 ? 1 : 2 });
      expect(errors).toEqual([]);
      await context.close();
    }
  }
});

it("on a phone, the sign-up toast does not cover the Connect Account dialog's title or its Continue", async () => {
  const { context, page, errors } = await openPage(browser, 360);
  await page.goto('/register');
  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByLabel('E-mail address').fill(`toast-dialog-${Date.now()}@example.com`);
  await page.getByLabel('Phone number').fill('+15555550142');
  await page.getByLabel('Password', { exact: true }).fill(DRIVER_PASSWORD);
  await page.getByLabel('Confirm password').fill(DRIVER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Account' });
  await dialog.waitFor();
  const toast = page.getByRole('status').filter({ hasText: 'Welcome to BlockPilot!' });
  await toast.waitFor();
  for (const covered of [dialog.getByRole('heading', { name: 'Connect Account' }), dialog.getByRole('button', { name: 'Continue' })]) {
    const a = await boxOf(toast);
    const b = await boxOf(covered);
    expect({ toast: a, other: b, overlap: a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height }).toMatchObject({ overlap: false });
  }
  await screenshot(page, 'toast-phone-connect-dialog');
  expect(errors).toEqual([]);
  await context.close();
});
