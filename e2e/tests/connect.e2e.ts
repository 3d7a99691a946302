/**
 * Connecting a delivery-platform account in Chromium, then searching: the driver opens the
 * challenge from /connectAccount, signs in on the platform's page (the embedded simulator's),
 * pastes the "Looking for Something?" URL and lands on the dashboard connected; with a filter set,
 * Start makes the server accept and ignore offers, which appear in the live log within seconds.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, registerDriver } from '../src/support/accounts';
import { launchBrowser, product, screenshot } from '../src/support/browser';
import { injectOffer } from '../src/support/platform';

interface Filter {
  id: string;
  [field: string]: unknown;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await registerDriver(product().baseUrl);
  // Filters match in the browser's time zone: pin it, so "tomorrow 02:00 UTC" is inside the day.
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: product().baseUrl, timezoneId: 'UTC' });
  await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});
afterAll(async () => {
  await browser.close();
});

it('connects the account through the platform sign-in page and lands on the dashboard', async () => {
  await page.goto('/connectAccount');
  const takeMe = page.getByRole('button', { name: 'Take me to Amazon' });
  await takeMe.waitFor();
  await page.waitForFunction(() => {
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Take me to Amazon');
    return button !== undefined && !button.disabled;
  });

  const [signIn] = await Promise.all([context.waitForEvent('page'), takeMe.click()]);
  await signIn.waitForLoadState();
  expect(signIn.url().startsWith(`${product().platformSimulatorUrl}/ap/signin?`)).toBe(true);
  await signIn.getByLabel('Email or mobile phone number').fill('e2e-driver@example.com');
  await signIn.getByLabel('Password').fill('any password at all');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL('**/ap/maplanding?**');
  expect(await signIn.title()).toBe('Looking for Something?');
  const landingUrl = signIn.url();
  expect(landingUrl).toContain('openid.oa2.authorization_code=');
  await signIn.close();

  await page.getByLabel("URL of the 'Looking for something?' page").fill(landingUrl);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('button', { name: 'Start' }).waitFor();
  expect(await page.getByRole('dialog', { name: 'Connect Account' }).count()).toBe(0);
  const account = await apiCall<{ flexConnected: boolean }>(product().baseUrl, token, 'GET', '/user');
  expect(account.flexConnected).toBe(true);
  await screenshot(page, 'connect-connected-dashboard');
  expect(errors).toEqual([]);
});

it('after Start, accepted and ignored offers appear in the log within seconds', async () => {
  const { baseUrl, platformSimulatorUrl } = product();
  const areas = await apiCall<Array<{ id: string }>>(baseUrl, token, 'POST', '/user/getServiceAreas', {});
  const [filter] = (await apiCall<{ filters: Filter[] }>(baseUrl, token, 'GET', '/user')).filters;
  await apiCall(baseUrl, token, 'POST', '/user/saveFilter', {
    // 54.00 an hour or more: above anything the simulator generates by itself (at most 35 x 1.5 surge),
    // so only the offer put on the board below is taken.
    filter: { ...filter, enabled: true, serviceAreas: areas.map((a) => a.id), time: [0, 1440], pay: [18, 100], payType: 'PER_HOUR', duration: [0, 10], timeToArrive: 0 },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('System Started').waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard/logs');

  // The account works some of the region's areas: offer in every one a block the filter takes
  // (180.00 for 3 hours) and one it does not (10.00), all at the same time tomorrow.
  const startTime = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400 + 2 * 3600;
  for (const area of areas) {
    await injectOffer(platformSimulatorUrl, { serviceAreaId: area.id, startTime, durationHours: 3, priceAmount: 180 });
    await injectOffer(platformSimulatorUrl, { serviceAreaId: area.id, startTime, durationHours: 3, priceAmount: 10 });
  }
  const offers = page.getByRole('region', { name: 'Offers' });
  await offers.getByText('Accepted').first().waitFor({ timeout: 15_000 });
  await offers.getByText('Ignored').first().waitFor({ timeout: 15_000 });
  await screenshot(page, 'connect-log-after-start');

  const logs = await apiCall<Array<{ action: string; startTime: number; cost?: number; rateInfo: { priceAmount: number } }>>(baseUrl, token, 'POST', '/user/getLogs', { query: {} });
  const accepted = logs.find((e) => e.action === 'BLOCK_ACCEPT' && e.startTime === startTime);
  expect(accepted).toMatchObject({ cost: 630, rateInfo: { priceAmount: 180 } });
  expect(logs.some((e) => e.action === 'BLOCK_IGNORE' && e.startTime === startTime)).toBe(true);

  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByText('System Stopped').waitFor();
  expect(errors).toEqual([]);
});
