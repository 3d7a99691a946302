/**
 * The operator console in Chromium: an admin (ADMIN_EMAILS) signs in, opens Admin, finds a driver
 * and adjusts their credit, and the driver sees the new credit; the console speaks Spanish once
 * chosen, its texts fetched only then; a driver who opens /admin gets "No access" and their
 * browser never downloads the console's remote.
 */
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../src/support/axe';
import { E2E_ADMIN_EMAIL, registerDriver } from '../src/support/accounts';
import { launchBrowser, openPage, product, screenshot, visit } from '../src/support/browser';
import { ensureOperator, signInThroughPage } from '../src/support/operator';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('an admin finds a driver and adjusts their credit; the driver sees it', async () => {
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  const driverEmail = `driver-${Date.now()}@example.com`;
  const driverToken = await registerDriver(baseUrl, { emailAddress: driverEmail });

  const { context, page, errors } = await openPage(browser, 1440, { injectsScripts: true });
  await signInThroughPage(page, E2E_ADMIN_EMAIL);

  // An operator lands in the console; the Admin link leads back to it from anywhere.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).getAttribute('href')).resolves.toBe('/admin');
  await visit(page, '/admin');
  await page.getByRole('heading', { level: 1, name: 'Drivers' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill(driverEmail);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: driverEmail }).click();
  await page.getByRole('heading', { level: 2, name: 'Credit: $10.00' }).waitFor();

  const form = page.getByRole('form', { name: 'Adjust credit' });
  await form.getByRole('textbox', { name: 'Amount' }).fill('5');
  await form.getByRole('textbox', { name: 'Reason (kept in the audit log)' }).fill('Goodwill for a missed block');
  await form.getByRole('button', { name: 'Adjust credit' }).click();
  await page.getByRole('heading', { level: 2, name: 'Credit: $15.00' }).waitFor();
  await screenshot(page, 'admin-driver-credit');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('cell', { name: 'Goodwill for a missed block' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();

  const driver = await openPage(browser, 360);
  await driver.context.addInitScript((t) => localStorage.setItem('acccessToken', t), driverToken);
  await visit(driver.page, '/account/credit');
  await driver.page.getByRole('heading', { level: 2, name: /^Credit\s*\$15\.00$/ }).waitFor();
  await driver.context.close();
});

it('on a phone an operator lands in the console, whose sections are one row that scrolls sideways above the content', async () => {
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  const { context, page, errors } = await openPage(browser, 360, { injectsScripts: true });
  await signInThroughPage(page, E2E_ADMIN_EMAIL);
  await page.waitForURL(/\/admin/);
  await page.getByRole('heading', { level: 1, name: 'Drivers' }).waitFor();
  const sections = page.getByRole('navigation', { name: 'Operator console' });
  const bar = (await sections.boundingBox())!;
  const tab = (await sections.getByRole('link', { name: 'Drivers' }).boundingBox())!;
  // One row of tabs (with room for a thin scrollbar), not four wrapped rows before any content.
  expect(bar.height).toBeLessThan(tab.height * 2);
  expect(await sections.locator('ul').evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // The page itself never scrolls sideways; the current section is in view.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await sections.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  const audit = (await sections.getByRole('link', { name: 'Audit log' }).boundingBox())!;
  expect(audit.x).toBeGreaterThanOrEqual(0);
  expect(audit.x + audit.width).toBeLessThanOrEqual(360);
  await screenshot(page, 'admin-phone-sections');
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('an admin who chooses Español gets the console in Spanish, its texts fetched only then', async () => {
  const { baseUrl } = product();
  await ensureOperator(baseUrl);
  const { context, page, errors } = await openPage(browser, 1440, { injectsScripts: true });
  const consoleFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-admin/') && request.url().endsWith('.js')) consoleFiles.push(request.url());
  });
  await signInThroughPage(page, E2E_ADMIN_EMAIL);
  await visit(page, '/admin');
  await page.getByRole('heading', { level: 1, name: 'Drivers' }).waitFor();
  const firstLoad = consoleFiles.length;
  try {
    await page.locator('header').getByRole('combobox').selectOption('es');
    await page.getByRole('heading', { level: 1, name: 'Conductores' }).waitFor();
    // The Spanish catalog is a chunk of its own, not part of the console's first load (docs/FRONTEND.md, "Languages").
    expect(consoleFiles.length).toBeGreaterThan(firstLoad);
    const consoleNav = page.getByRole('navigation', { name: 'Consola de operadores' });
    await expect(consoleNav.getByRole('link', { name: 'Registro de auditoría' }).getAttribute('href')).resolves.toBe('/admin/audit');
    await page.getByRole('searchbox', { name: 'Buscar conductores' }).waitFor();
    await screenshot(page, 'admin-console-es');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    // The operator's account is shared by the browser tests: it goes back to English.
    await page.evaluate(() =>
      fetch('/api/user/saveLanguage', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('acccessToken')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      }),
    );
    await context.close();
  }
});

it('a driver who opens /admin gets "No access", and the console is never downloaded', async () => {
  const token = await registerDriver(product().baseUrl);
  const { context, page, errors } = await openPage(browser, 360);
  await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  const consoleRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-admin/')) consoleRequests.push(request.url());
  });
  await visit(page, '/admin/users');
  await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
  await page.getByText('This page is for BlockPilot operators.').waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByTestId('nav-drawer').getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
  await screenshot(page, 'admin-no-access-phone');
  expect(consoleRequests).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
