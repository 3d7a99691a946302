/**
 * The landing page is in the HTML itself (prerendered by mf-landing's build, put into the shell's
 * page by the server): a visitor sees it before any script has run, the shell takes it over
 * without a spinner in between, and a signed-in driver never sees it flash up.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from '../src/support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const withoutScripts = (page: Page) => page.route(/\.js(\?.*)?$/, (route) => route.abort());
const hero = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the prerendered landing page', () => {
  it.each([360, 1440])('shows the navigation and the whole landing page with no script loaded (%i px)', async (width) => {
    const { context, page } = await openPage(browser, width);
    await withoutScripts(page);
    await page.goto('/');
    await expect(hero(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Try free' }).getAttribute('href')).resolves.toBe('/register');
    await expect(page.getByText('Terms of Service').isVisible()).resolves.toBe(true);
    await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
    await screenshot(page, `landing-prerendered-${width}`);
    await context.close();
  });

  it('is taken over by the live remote without a spinner or any other change in between', async () => {
    const { context, page, errors } = await openPage(browser, 360);
    // Records every text the page ever shows while it boots.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/');
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes('Loading'))).toEqual([]);
    expect(seen.filter((text) => text.trim() !== '' && !text.includes('Try free'))).toEqual([]);
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is hidden from a signed-in driver before any script runs, by the page\'s one inline script', async () => {
    const { context, page } = await openPage(browser, 360);
    await page.addInitScript(() => localStorage.setItem('acccessToken', 'a-token'));
    await withoutScripts(page);
    await page.goto('/');
    // The real Content-Security-Policy is on: the marker ran because its hash is allowed.
    await expect(page.evaluate(() => document.documentElement.dataset.session)).resolves.toBe('signed-in');
    // In the page, but not shown (nor in the accessibility tree).
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.locator('h1').isVisible()).resolves.toBe(false);
    await context.close();
  });
});
