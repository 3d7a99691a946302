/**
 * Notify-only filters in Chromium against the real server and its embedded simulator (docs/PRODUCT.md
 * "Notify-only filters"): on a phone (360 px), an offer only a notify filter matches is not taken
 * but shows on the log as sent to the driver, with Accept; one tap books it. A second offer, taken
 * by a rival before the tap, says "Taken by another driver." The push notification's Accept action
 * itself is tested on the service worker's functions in jest (shell/src/serviceWorker/policy.test.ts):
 * headless Chromium cannot tap a notification's action.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LogEntry } from '@blockpilot/shared/types';
import { apiCall, registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, product } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer } from '../src/support/platform';
import { waitOrExplain } from '../src/support/driverLog';
import { rememberSecret } from '../src/support/secrets';

const TIMEOUT_MS = 30_000;
const PLATFORM_ACCOUNT = { email: `notify-${Date.now()}@example.com`, password: 'notify: the platform password 7Kw' };

interface ServiceArea {
  id: string;
  shortName: string;
  eligible?: boolean;
}

let browser: Browser;
let device: { context: BrowserContext; page: Page; errors: string[] };
let token: string;
let here: ServiceArea;

/** Eleven days from now (UTC midnight): far from the days other files' offers start on. */
const day = (Math.floor(Date.now() / 86_400_000) + 11) * 86_400;
const at = (hourUtc: number) => day + hourUtc * 3600;
/** Exactly 141.00: the notify filter takes no other price, so no other file's offers reach this driver. */
const PRICE = 141;

const offer = (offerId: string, startTime: number, rivalDelayMs?: number) =>
  injectOffer(product().platformSimulatorUrl, {
    serviceAreaId: here.id,
    offerId: `${offerId}-${day}`,
    startTime,
    durationHours: 2,
    priceAmount: PRICE,
    ...(rivalDelayMs === undefined ? {} : { rivalDelayMs }),
  });

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile, platformSimulatorUrl } = product();
  token = await registerDriver(baseUrl);
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  device = await openDriverPage(browser, 360, token);
  await device.page.goto('/connectAccount');
  await connectPlatformAccount({ context: device.context, page: device.page, account: PLATFORM_ACCOUNT, simulatorUrl: platformSimulatorUrl });
  const areas = await apiCall<ServiceArea[]>(baseUrl, token, 'POST', '/user/getServiceAreas', {});
  here = areas.find((area) => area.eligible)!;
  const [filter] = (await apiCall<{ filters: Array<{ id: string }> }>(baseUrl, token, 'GET', '/user')).filters;
  await apiCall(baseUrl, token, 'POST', '/user/saveFilter', {
    filter: {
      ...filter,
      name: 'Only tell me',
      enabled: true,
      serviceAreas: [here.id],
      days: [0, 1, 2, 3, 4, 5, 6],
      time: [0, 1440],
      pay: [PRICE / 3, PRICE / 3],
      payType: 'PER_BLOCK',
      duration: [0, 10],
      timeToArrive: 0,
    },
  });
}, 120_000);

afterAll(async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
});

it('chooses "Only tell me" in the filter editor of a phone', async () => {
  const { page } = device;
  await page.goto('/dashboard/settings');
  const choice = page.getByRole('region', { name: 'Your filter' }).getByLabel('When a block matches');
  const [answer] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/user/saveFilter'), { timeout: TIMEOUT_MS }), choice.selectOption('notify')]);
  expect(answer.status()).toBe(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const [saved] = (await apiCall<{ filters: Array<{ action: string }> }>(product().baseUrl, token, 'GET', '/user')).filters;
  expect(saved!.action).toBe('notify');
});

it('shows an offered block with Accept, and one tap books it; a block a rival took says "Taken by another driver."', async () => {
  const { page } = device;
  const { baseUrl } = product();
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, timeZone: 'UTC', searching: true });
  await offer('offered', at(2));
  await page.goto('/dashboard/logs');
  const card = page.locator('li[data-reason="notify"]').filter({ hasText: 'Sent to you to accept' }).first();
  await waitOrExplain(card, token);
  await card.getByRole('button', { name: /^Accept the block at/ }).click();
  await waitOrExplain(page.locator('[data-accept-outcome]').filter({ hasText: 'Block accepted.' }).first(), token);
  const entries = await apiCall<LogEntry[]>(baseUrl, token, 'POST', '/user/getLogs', { query: {} });
  expect(entries.find((entry) => entry.startTime === at(2))).toMatchObject({ action: 'BLOCK_ACCEPT' });

  // Listed for a few seconds, then a rival takes it: the tap after that is refused.
  const rivalDelayMs = 8_000;
  const injectedAt = Date.now();
  await offer('rival', at(6), rivalDelayMs);
  const second = page.locator('li[data-reason="notify"]').filter({ hasText: 'Sent to you to accept' }).first();
  await waitOrExplain(second, token);
  await page.waitForTimeout(Math.max(0, injectedAt + rivalDelayMs + 1_000 - Date.now()));
  await second.getByRole('button', { name: /^Accept the block at/ }).click();
  await waitOrExplain(page.locator('[data-accept-outcome]').filter({ hasText: 'Taken by another driver.' }).first(), token);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(device.errors.filter((error) => !error.includes('410'))).toEqual([]);
}, 120_000);
