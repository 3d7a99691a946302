/**
 * Every screen at a phone's and a desktop's width: a screenshot kept as an artifact, no serious
 * accessibility violation (axe-core), nothing wider than the screen, and no script error.
 */
import type { Browser, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openDriverPage, openPage, product, screenshot, visit } from '../src/support/browser';
import { bringInLazyParts } from '../src/support/lazyParts';

const WIDTHS = [360, 1440];

const SIGNED_OUT = ['/', '/login', '/register', '/resetPassword', '/resetPassword/expired-token', '/askAQuestion', '/promotionOptOut/nobody', '/terms', '/privacy'];
const SIGNED_IN = [
  '/dashboard/settings',
  '/dashboard/logs',
  // A new driver's: their empty states (docs/LIVE.md "The driver's app").
  '/dashboard/stats',
  '/dashboard/calendar',
  '/connectAccount',
  '/account',
  '/account/credit',
  '/account/inviteCode',
  '/account/notificationPreferences',
  '/account/purchaseCompleted',
  '/knowledgeBase',
  '/help',
];

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await registerDriver(product().baseUrl);
});
afterAll(async () => {
  await browser.close();
});

/** Waits until the remote has rendered and the network is quiet (data loaded), with the parts that load as they near the viewport. */
async function settle(page: Page, path: string): Promise<void> {
  await visit(page, path, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => (document.querySelector('[data-remote-root]')?.textContent ?? '').trim().length > 0);
  await bringInLazyParts(page);
  await page.evaluate(() => document.fonts.ready);
}

async function check(page: Page, errors: string[], name: string, width: number): Promise<void> {
  await screenshot(page, `screen-${width}${name.replace(/\//g, '_') || '_home'}`);
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
}

describe.each(WIDTHS)('at %i px wide', (width) => {
  it.each(SIGNED_OUT)('signed-out screen %s', async (path) => {
    const { context, page, errors } = await openPage(browser, width, { injectsScripts: true });
    await settle(page, path);
    await check(page, errors, path, width);
    await context.close();
  });

  it.each(SIGNED_IN)('signed-in screen %s', async (path) => {
    const { context, page, errors } = await openPage(browser, width, { injectsScripts: true });
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await settle(page, path);
    await check(page, errors, `/in${path}`, width);
    await context.close();
  });
});

it("the calendar opens on today: today's day is on screen, under the navigation bar (360 and 1440 px, English and Spanish)", async () => {
  for (const width of WIDTHS) {
    for (const language of ['en', 'es']) {
      const { context, page, errors } = await openDriverPage(browser, width, await registerDriver(product().baseUrl, { language }));
      await page.goto('/dashboard/calendar');
      // Days are keyed in the browser's zone (UTC here), as the page keys them.
      const today = new Date().toISOString().slice(0, 10);
      const day = page.locator(`[data-day="${today}"]`);
      await day.waitFor();
      await page.waitForFunction(() => document.readyState === 'complete');
      const box = (await day.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect({ width, language, top: box.y >= 64 && box.y < viewport.height - 48 }).toEqual({ width, language, top: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  }
});
