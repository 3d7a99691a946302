/**
 * Every driver screen fits the longest language on the narrowest phone (docs/FRONTEND.md,
 * "Languages"): at 320 px, in English and in Spanish, for a driver who is searching (the sticky
 * Stop bar shows), no control's label is clipped, no state chip wraps past two lines, nothing
 * reaches past the screen's edge; and a Spanish page shows no English sentence from any catalog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, product, screenshot } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { bringInLazyParts } from '../src/support/lazyParts';
import { WORKSPACE } from '../src/support/paths';
import { rememberSecret } from '../src/support/secrets';

const WIDTH = 320;
const PLATFORM_ACCOUNT = { email: `fit-${Date.now()}@example.com`, password: 'fit: the platform password 5Lp' };
const SCREENS = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/logs',
  '/dashboard/stats',
  '/dashboard/calendar',
  '/account',
  '/account/credit',
  '/account/notificationPreferences',
  '/knowledgeBase',
  '/help',
];

/**
 * The English sentences of every front-end catalog that Spanish says differently: three words or
 * more, without placeholders or markup, so that finding one whole in a Spanish page means a string
 * the page did not translate.
 */
function englishSentences(): Set<string> {
  const sentences = new Set<string>();
  for (const pkg of readdirSync(WORKSPACE)) {
    const src = path.join(WORKSPACE, pkg, 'src');
    if (pkg === 'server' || pkg === 'mf-admin' || !existsSync(src)) continue;
    // The package's catalog and those of its chunks with words of their own (the dashboard's pages).
    const dirs = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((entry) => path.basename(entry) === 'locales');
    for (const dir of dirs.map((entry) => path.join(src, entry))) {
      let en: Record<string, string>;
      let es: Record<string, string>;
      try {
        en = JSON.parse(readFileSync(path.join(dir, 'en.json'), 'utf8'));
        es = JSON.parse(readFileSync(path.join(dir, 'es.json'), 'utf8'));
      } catch {
        continue;
      }
      for (const [key, text] of Object.entries(en)) {
        if (/[{}<>]/.test(text) || text.split(/\s+/).length < 3 || es[key] === text) continue;
        sentences.add(text);
      }
    }
  }
  return sentences;
}

/** What does not fit: clipped labels, chips past two lines, anything past the screen's edge. */
function misfits(page: Page, width: number) {
  return page.evaluate((edge) => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const found: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const control of Array.from(document.querySelectorAll('button, a, label, select, [role="tab"], [data-chip]'))) {
      if (!visible(control) || control.closest('[aria-hidden="true"]')) continue;
      // Text wider than its box is cut off (overflow hidden) or spills out of it (a round button's label).
      if (control.clientWidth > 0 && control.scrollWidth > control.clientWidth + 1) found.push(`clipped: ${name(control)}`);
      const box = control.getBoundingClientRect();
      if (box.right > edge + 1 && !control.closest('[data-scrolls-sideways], ul[style], nav ul')) found.push(`past the edge: ${name(control)}`);
    }
    for (const chip of Array.from(document.querySelectorAll('[data-chip]'))) {
      if (!visible(chip)) continue;
      const lineHeight = parseFloat(getComputedStyle(chip).lineHeight) || 20;
      if (chip.getBoundingClientRect().height > lineHeight * 2 + 12) found.push(`chip on more than two lines: ${name(chip)}`);
    }
    return found;
  }, width);
}

/** Visible text of the page that is an English catalog sentence, whole. */
function englishOn(page: Page, sentences: Set<string>) {
  return page
    .evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node as HTMLElement;
        if (element.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
        const own = Array.from(element.childNodes)
          .filter((child) => child.nodeType === Node.TEXT_NODE)
          .map((child) => child.textContent ?? '')
          .join('')
          .trim();
        if (own) texts.push(own);
        for (const attribute of ['aria-label', 'placeholder', 'title']) {
          const value = element.getAttribute(attribute);
          if (value) texts.push(value.trim());
        }
      }
      return texts;
    })
    .then((texts) => [...new Set(texts.filter((text) => sentences.has(text)))]);
}

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, secretsFile, platformSimulatorUrl } = product();
  token = await registerDriver(baseUrl);
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  const setup = await openDriverPage(browser, 1440, token);
  await setup.page.goto('/connectAccount');
  await connectPlatformAccount({ context: setup.context, page: setup.page, account: PLATFORM_ACCOUNT, simulatorUrl: platformSimulatorUrl });
  await setup.context.close();
  // A filter on a day far from today's offers, so the search runs and takes nothing.
  await filterForWeekday(baseUrl, token, (new Date().getUTCDay() + 3) % 7, 'Fit test');
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
}, 120_000);
afterAll(async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
});

describe.each(['en', 'es'] as const)('at 320 px in %s', (language) => {
  it('every driver screen fits: no clipped label, no chip past two lines, nothing past the edge', async () => {
    await apiCall(product().baseUrl, token, 'POST', '/user/saveLanguage', { language });
    const sentences = language === 'es' ? englishSentences() : new Set<string>();
    const { context, page, errors } = await openDriverPage(browser, WIDTH, token);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.waitForFunction(() => document.documentElement.dataset.boot === 'done');
      // The screen's data is in: no loading indicator left (the live log keeps a request open, so the network never idles).
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"], [role="progressbar"]') === null);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      await bringInLazyParts(page);
      await page.evaluate(() => document.fonts.ready);
      if (screen === '/dashboard')
        await page
          .getByRole('button', { name: language === 'es' ? /^Detener/ : /^Stop/ })
          .first()
          .waitFor();
      await screenshot(page, `fit-${language}${screen.replace(/\//g, '_')}`);
      expect({ screen, misfits: await misfits(page, WIDTH) }).toEqual({ screen, misfits: [] });
      if (language === 'es') expect({ screen, english: await englishOn(page, sentences) }).toEqual({ screen, english: [] });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
