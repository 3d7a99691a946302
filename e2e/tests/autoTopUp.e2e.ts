/**
 * The automatic top-up in Chromium (docs/LIVE.md "Automatic top-up"), against the real server, its
 * dev checkout and its embedded simulator: a driver saves a card on the dev checkout's page and
 * turns automatic top-up on in the Credit section; a block's fee takes the credit below the
 * threshold, the card is charged once, and the page shows the credit with the top-up. The steps
 * run in order.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, product } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer } from '../src/support/platform';
import { rememberSecret } from '../src/support/secrets';

const LIVE_TIMEOUT_MS = 20_000;
const PLATFORM_ACCOUNT = { email: `auto-top-up-${Date.now()}@example.com`, password: 'auto top-up: the platform password 8Qx' };

let browser: Browser;
let page: Page;
let token: string;
let areaId: string;
let errors: string[] = [];

/** Blocks of this file start on `day` (five days from now), a weekday the filter below alone takes. */
const day = (Math.floor(Date.now() / 86_400_000) + 5) * 86_400;
const weekday = new Date(day * 1000).getUTCDay();

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile } = product();
  token = await registerDriver(baseUrl);
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  let context: BrowserContext;
  ({ context, page, errors } = await openDriverPage(browser, 1280, token));
  await page.goto('/connectAccount');
  await connectPlatformAccount({ context, page, account: PLATFORM_ACCOUNT, simulatorUrl: product().platformSimulatorUrl });
  areaId = await filterForWeekday(baseUrl, token, weekday, 'Auto top-up test');
}, 120_000);

afterAll(async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
});

it('a driver saves a card on the dev checkout and turns automatic top-up on', async () => {
  await page.goto('/account/credit');
  await page.getByRole('button', { name: 'Save a card' }).click();
  await page.waitForURL(/\/dev\/checkout\/card\//);
  await page.getByRole('button', { name: 'Save a card that pays' }).click();
  await page.waitForURL(/\/account\/credit$/);
  await page.getByText('Saved card: Test card (pays).').waitFor();
  // Defaults: 10.00 when the credit falls below 5.00.
  await page.getByText('Top up automatically').click();
  await page.getByRole('button', { name: 'Save automatic top-up' }).click();
  // The switch flips on the click; the line above the form changes only with the server's answer.
  await page.getByText('Automatic top-up is on: $10.00 when the credit falls below $5.00.').waitFor();
  expect(await apiCall<{ enabled: boolean }>(product().baseUrl, token, 'GET', '/store/autoTopUp')).toMatchObject({ enabled: true, amount: 1000, threshold: 500 });
});

it('a fee takes the credit below the threshold: one top-up, and the credit shows it', async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
  // 285.00 costs a fee of 9.98 of the 10.00 sign-up credit: 0.02 is below 5.00, so 10.00 is added.
  await injectOffer(product().platformSimulatorUrl, { serviceAreaId: areaId, offerId: `auto-top-up-${day}`, startTime: day + 8 * 3600, durationHours: 1, priceAmount: 285 });
  await page.getByText(/Last automatic top-up: \$10\.00, paid on/).waitFor({ timeout: LIVE_TIMEOUT_MS });
  await page.getByText('Your credit').locator('xpath=..').getByText('$10.02').waitFor({ timeout: LIVE_TIMEOUT_MS });
  const history = await apiCall<Array<{ kind: string; amountCents: number }>>(product().baseUrl, token, 'GET', '/user/getCreditHistory');
  expect(history.filter((entry) => entry.kind === 'topup')).toEqual([expect.objectContaining({ amountCents: 1000 })]);
  expect(errors).toEqual([]);
});
