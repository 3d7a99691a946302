/**
 * The driver's app in Chromium (docs/LIVE.md "The driver's app"), against the real server and its
 * embedded simulator: the engine accepts a block for a driver and ignores another; at a phone's and
 * a desktop's width the driver opens Stats from the dashboard and sees the accepted block counted
 * (with the tables screen readers read) and its charts' labels readable and whole at either width, then Calendar with the block on its day and its forfeit
 * button; no serious accessibility violation, nothing wider than the screen. On the desktop the
 * driver makes a calendar link, downloads the .ics with the block in it, and revokes the link,
 * which then answers 404. The steps run in order.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openDriverPage, product, screenshot } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer } from '../src/support/platform';
import { rememberSecret } from '../src/support/secrets';

const LIVE_TIMEOUT_MS = 20_000;
const PLATFORM_ACCOUNT = { email: `stats-${Date.now()}@example.com`, password: 'stats: the platform password 3Kw' };
const WIDTHS = [360, 1440];

/**
 * Blocks of this file start on `day`, five days from now: past the simulator's own offers (they
 * start at most four days ahead, platform-sim/src/offers/generate.ts), so the filter below takes
 * only offers a test injected on that weekday. It is always this week or the next, both of which
 * Stats opens on.
 */
const day = (Math.floor(Date.now() / 86_400_000) + 5) * 86_400;
const weekday = new Date(day * 1000).getUTCDay();
const blockStart = day + 9 * 3600;
const dayKey = new Date(day * 1000).toISOString().slice(0, 10);
/** The Monday of a UTC day, epoch seconds. */
const mondayOf = (seconds: number) => seconds - ((new Date(seconds * 1000).getUTCDay() + 6) % 7) * 86_400;

let browser: Browser;
let token: string;
let setup: { context: BrowserContext; page: Page };

/** A device of the driver; axe is injected past the product's Content Security Policy. */
const openContext = (width: number) => openDriverPage(browser, width, token, { injectsScripts: true });

async function expectAccessibleAndNarrow(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile, platformSimulatorUrl } = product();
  token = await registerDriver(baseUrl);
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  setup = await openContext(1440);
  await setup.page.goto('/connectAccount');
  await connectPlatformAccount({ context: setup.context, page: setup.page, account: PLATFORM_ACCOUNT, simulatorUrl: platformSimulatorUrl });
  // Blocks of 60.00 and up on the file's weekday, at any notice.
  const areaId = await filterForWeekday(baseUrl, token, weekday, 'Stats test');
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
  await injectOffer(platformSimulatorUrl, { serviceAreaId: areaId, offerId: `stats-${day}`, startTime: blockStart, durationHours: 2, priceAmount: 120 });
  // Under the filter's pay: logged as ignored, counted as seen and not matching.
  await injectOffer(platformSimulatorUrl, { serviceAreaId: areaId, offerId: `stats-low-${day}`, startTime: blockStart + 3 * 3600, durationHours: 2, priceAmount: 10 });
  const range = new URLSearchParams({ from: dayKey, to: dayKey });
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  for (;;) {
    const blocks = await apiCall<unknown[]>(baseUrl, token, 'GET', `/user/blocks?${range}`);
    const stats = await apiCall<{ funnel: { seen: number } }>(baseUrl, token, 'GET', `/user/stats?${range}`);
    if (blocks.length === 1 && stats.funnel.seen === 2) break;
    if (Date.now() > deadline) throw new Error(`the engine did not log both offers: ${JSON.stringify({ blocks, stats })}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false });
}, 120_000);

afterAll(async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
});

describe.each(WIDTHS)('at %i px wide', (width) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openContext(width));
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens Stats from the dashboard and sees the accepted block counted', async () => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL(/\/dashboard\/stats$/);
    const money = page.getByRole('region', { name: /^Your money/ });
    await money.waitFor();
    const figure = (label: string) => money.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    expect(await figure('Blocks accepted').textContent()).toBe('1');
    expect(await figure('Hours booked').textContent()).toBe('2 h');
    expect(await figure('Pay').textContent()).toBe('$120.00');
    expect(await figure('Pay per hour').textContent()).toBe('$60.00');
    // The funnel: this file's two offers and whatever else the simulator listed on other days
    // (ignored for their day); one accepted, one under the filter's pay.
    const offers = page.getByRole('region', { name: 'Offers', exact: true });
    const step = async (label: string) => Number(await offers.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').textContent());
    expect(await step('Seen')).toBeGreaterThanOrEqual(2);
    expect(await step('Accepted')).toBe(1);
    expect(
      await page
        .getByRole('table', { name: 'Why offers were not taken' })
        .getByRole('row', { name: /^Outside your pay range/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('1');
    // The charts' tables are in the page for screen readers, and shown on demand.
    await page
      .getByRole('table', { name: 'Per day', exact: true })
      .getByRole('row', { name: new RegExp(`^\\w+ ${new Date(day * 1000).getUTCDate()}\\b`) })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Show the figures as tables' }).click();
    await page.getByRole('region', { name: 'Per day', exact: true }).waitFor();
    // Every chart label is drawn at a readable size and inside its chart, none cut at either edge.
    const labels = await page.locator('svg[aria-hidden="true"] text').evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        const chart = text.closest('svg')!.getBoundingClientRect();
        return { text: text.textContent, height: Math.round(box.height), inside: box.left >= chart.left - 0.5 && box.right <= chart.right + 0.5 };
      }),
    );
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => label.height < 12 || !label.inside)).toEqual([]);
    // Pay up the side of the days chart in whole dollars, "$100" rather than "$100.00".
    expect(labels.map((label) => label.text)).toContain('$100');
    await screenshot(page, `stats-${width}`);
    await expectAccessibleAndNarrow(page);
    expect(errors).toEqual([]);
  });

  it('opens Calendar and sees the block on its day, with its forfeit', async () => {
    await page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(/\/dashboard\/calendar$/);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    if (mondayOf(day) > mondayOf(Math.floor(Date.now() / 86_400_000) * 86_400)) await page.getByRole('button', { name: 'Next week' }).click();
    const blockDay = page.locator(`[data-day="${dayKey}"]`);
    await blockDay.getByText('9:00 AM – 11:00 AM').waitFor();
    expect(await blockDay.textContent()).toContain('$120.00');
    expect(await blockDay.getByRole('button', { name: /^Forfeit the block at/ }).count()).toBe(1);
    await screenshot(page, `calendar-${width}`);
    await expectAccessibleAndNarrow(page);
    expect(errors).toEqual([]);
  });
});

it('makes a calendar link, downloads the .ics with the block, and revokes the link', async () => {
  const { context, page, errors } = await openContext(1440);
  await page.goto('/dashboard/calendar');
  const panel = page.getByRole('region', { name: 'Your calendar on your phone' });
  await panel.getByRole('button', { name: 'Make a calendar link' }).click();
  const url = await panel.getByRole('textbox', { name: /Your calendar link/ }).inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  rememberSecret(
    product().secretsFile,
    'calendar feed link',
    new URL(url).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, ''),
  );
  const feedPath = new URL(url).pathname;

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download .ics' }).click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const start = new Date(blockStart * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  expect(text.replace(/\r\n /g, '')).toContain(`DTSTART:${start}`);
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  // Fetched as a calendar app does: no Authorization header.
  const fetched = await fetch(`${product().baseUrl}${feedPath}`);
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('content-type')).toBe('text/calendar; charset=utf-8');

  await panel.getByRole('button', { name: 'Revoke link' }).click();
  await panel.getByText('You have no calendar link.').waitFor();
  expect((await fetch(`${product().baseUrl}${feedPath}`)).status).toBe(404);
  expect(errors).toEqual([]);
  await context.close();
});
