/**
 * Lost races and account health in Chromium (docs/ENGINE.md "Race timelines", docs/LIVE.md
 * "Account health"), against the real server and its embedded simulator, on a phone (360 px): the
 * platform throttles the driver's polls twice, then holds an accept while a rival takes the offer.
 * The log card of the lost block says how soon it was taken and how fast BlockPilot answered; the
 * stats page counts the race lost and its account health panel says the platform slowed the
 * account down twice and BlockPilot backed off; nothing wider than the screen, axe clean, in
 * English and then in Spanish. The steps run in order.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openDriverPage, product } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer, setFaults } from '../src/support/platform';
import { rememberSecret } from '../src/support/secrets';
import { waitFor } from '../src/support/waitFor';

const LIVE_TIMEOUT_MS = 30_000;
const PLATFORM_ACCOUNT = { email: `race-${Date.now()}@example.com`, password: 'race: the platform password 8Qv' };
const POLLS = '/GetOffersForProviderPost';
/**
 * Blocks of this file start six days from now: past the simulator's own offers and the weekdays
 * the live and stats tests use, so only this file's offers meet its filter.
 */
const day = (Math.floor(Date.now() / 86_400_000) + 6) * 86_400;
const weekday = new Date(day * 1000).getUTCDay();

interface Health {
  polls: number;
  throttled: number;
  backedOff: number;
  verdict: string;
}

let browser: Browser;
let token: string;
let areaId: string;
let device: { context: BrowserContext; page: Page };
const page = () => device.page;

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile, platformSimulatorUrl } = product();
  token = await registerDriver(baseUrl);
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  device = await openDriverPage(browser, 360, token, { injectsScripts: true });
  await page().goto('/connectAccount');
  await connectPlatformAccount({ context: device.context, page: page(), account: PLATFORM_ACCOUNT, simulatorUrl: platformSimulatorUrl });
  areaId = await filterForWeekday(baseUrl, token, weekday, 'Race test');
}, 120_000);

afterAll(async () => {
  await setFaults(product().platformSimulatorUrl, []).catch(() => undefined);
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
});

async function expectAccessibleAndNarrow(): Promise<void> {
  expect(await seriousViolations(page())).toEqual([]);
  expect(await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

it('the platform throttles the search twice: the engine backs off and counts it for the account', async () => {
  const { baseUrl, platformSimulatorUrl } = product();
  await setFaults(platformSimulatorUrl, [{ kind: 'throttle', email: PLATFORM_ACCOUNT.email, paths: [POLLS], remaining: 2 }]);
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
  const health = await waitFor(
    'two throttles counted',
    async () => {
      const now = await apiCall<Health>(baseUrl, token, 'GET', '/user/accountHealth');
      return now.throttled === 2 && now;
    },
    LIVE_TIMEOUT_MS,
  );
  expect(health).toMatchObject({ verdict: 'throttled', backedOff: expect.any(Number) as number });
  expect(health.backedOff).toBeGreaterThanOrEqual(2);
  // The backoff is over once a poll after the two throttled ones went out: the next offer is listed at once.
  await waitFor('a poll after the backoff', async () => (await apiCall<Health>(baseUrl, token, 'GET', '/user/accountHealth')).polls > 2, LIVE_TIMEOUT_MS);
}, 60_000);

it('a rival takes a block while the platform holds the accept: the log card says when and how fast BlockPilot answered', async () => {
  const { platformSimulatorUrl } = product();
  // The platform holds the accept 3.5 s; the rival takes the offer 2.5 s after it is put on the board.
  await setFaults(platformSimulatorUrl, [{ kind: 'latency', latencyMs: 3500, email: PLATFORM_ACCOUNT.email, paths: ['/AcceptOffer'], remaining: 1 }]);
  await injectOffer(platformSimulatorUrl, { serviceAreaId: areaId, offerId: `race-${day}`, startTime: day + 9 * 3600, durationHours: 2, priceAmount: 90, rivalDelayMs: 2500 });
  await page().goto('/dashboard/logs');
  const line = page().locator('[data-reason="taken"] [data-race-line]');
  await line.waitFor({ timeout: LIVE_TIMEOUT_MS });
  expect(await line.textContent()).toMatch(/^Taken by another driver \d+(\.\d)? s after it was listed; we answered in \d+(\.\d)? ms$/);
  await expectAccessibleAndNarrow();
}, 60_000);

it('stats count the race lost, and the account health panel says what the simulator did, in English and in Spanish', async () => {
  await page().goto('/dashboard/stats');
  const races = page().getByRole('region', { name: 'Races for blocks' });
  await races.waitFor({ timeout: LIVE_TIMEOUT_MS });
  expect(await races.locator('dt', { hasText: 'Lost to other drivers' }).locator('xpath=following-sibling::dd').textContent()).toBe('1');
  const panel = page().getByRole('region', { name: 'Account health, last 7 days' });
  await panel.getByText('The platform slowed your account down this week (throttled: 2); BlockPilot backed off each time.').waitFor();
  await expectAccessibleAndNarrow();

  // The navigation's language switch: the page turns Spanish at once.
  await page().locator('header').getByRole('combobox').selectOption('es');
  const salud = page().getByRole('region', { name: 'Salud de la cuenta, últimos 7 días' });
  await salud.getByText('La plataforma frenó tu cuenta esta semana (limitaciones: 2); BlockPilot esperó más cada vez.').waitFor({ timeout: LIVE_TIMEOUT_MS });
  await expectAccessibleAndNarrow();
}, 90_000);
