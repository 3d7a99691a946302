/**
 * The landing page is in the HTML itself (prerendered by mf-landing's build, put into the shell's
 * page by the server): a visitor sees and uses it before any script has run, the app loads on the
 * visitor's first sign of intent, the shell takes the page over without a spinner or a lost click,
 * and a signed-in driver never sees it flash up.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, openPage, product, screenshot } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { rememberSecret } from '../src/support/secrets';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const withoutScripts = (page: Page) => page.route(/\.js(\?.*)?$/, (route) => route.abort());
/**
 * The landing page on a phone whose every script arrives 300 ms late (a slow network): whatever
 * the test clicks lands well before the app is up.
 */
async function slowPhoneLanding() {
  const opened = await openPage(browser, 360);
  await opened.page.route(/\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await opened.page.goto('/');
  return opened;
}
const hero = (page: Page) => page.getByRole('heading', { level: 1 });
/** Every script the page requests, in order. */
function scriptsRequested(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && requested.push(new URL(request.url()).pathname));
  return requested;
}
const booted = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.boot === 'done');
const faqItem = (page: Page, question: string) => page.locator('details', { has: page.getByText(question, { exact: true }) });

describe('the prerendered landing page', () => {
  it.each([360, 1440])('shows the navigation and the whole landing page with no script loaded (%i px)', async (width) => {
    const { context, page } = await openPage(browser, width);
    await withoutScripts(page);
    await page.goto('/');
    await expect(hero(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Try free' }).getAttribute('href')).resolves.toBe('/register');
    await expect(page.getByText('Terms of Service').isVisible()).resolves.toBe(true);
    await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
    // The Q&A list opens without a script.
    await page.getByText('What does it cost?', { exact: true }).click();
    await expect(page.getByText(/3\.5% of the value of each block/).isVisible()).resolves.toBe(true);
    await screenshot(page, `landing-prerendered-${width}`);
    await context.close();
  });

  it('loads no script while the visitor only reads, and the whole app on the first sign of intent', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    const requested = scriptsRequested(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    expect(requested).toEqual([]);
    await page.mouse.move(200, 300);
    await booted(page);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    expect(requested.length).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is taken over by the live remote without a spinner or any other change in between', async () => {
    const { context, page, errors } = await openPage(browser, 360);
    // Records every text the page shows from the parsed static page on, while the app boots.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => seen.push(document.body.innerText)).observe(document, { childList: true, subtree: true, characterData: true });
      });
    });
    await page.goto('/');
    await page.mouse.move(100, 100);
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes('Loading'))).toEqual([]);
    expect(seen.filter((text) => text.trim() !== '' && !text.includes('Try free'))).toEqual([]);
    await expect(page.locator('[data-prerendered]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a click made before the app booted: a link is followed, the menu opens', async () => {
    const { context, page, errors } = await slowPhoneLanding();
    await page.getByRole('link', { name: 'Try free' }).first().click();
    await expect(page.evaluate(() => document.documentElement.dataset.pendingHref)).resolves.toBe('/register');
    await page.getByLabel('E-mail address').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');

    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('nav-drawer').waitFor();
    await booted(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the answers opened before the app booted open once the live page takes over', async () => {
    const { context, page, errors } = await slowPhoneLanding();
    await page.getByText('What does it cost?', { exact: true }).click();
    await page.locator('[data-remote-root="mf_landing"]').waitFor();
    await expect(faqItem(page, 'What does it cost?').getAttribute('open')).resolves.toBe('');
    await expect(page.getByText(/3\.5% of the value of each block/).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is hidden from a signed-in driver before any script runs, by the page's one inline script", async () => {
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

  it("shows a signed-in driver the app's frame at once, and asks for their data before any script has run", async () => {
    const token = await registerDriver(product().baseUrl);
    // Wide enough for the bar's links (a phone has them in the menu).
    const { context, page } = await openPage(browser, 1440);
    await page.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await withoutScripts(page);
    const asked: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'fetch' && asked.push(`${new URL(request.url()).pathname} ${request.headers().authorization === `Bearer ${token}`}`),
    );
    await page.goto('/dashboard');
    await page.getByRole('status').getByText('Loading…').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect(page.getByRole('link', { name: 'Register' }).count()).resolves.toBe(0);
    // With the driver's token; the app, once loaded, takes these answers over.
    for (let waited = 0; asked.length < 3 && waited < 50; waited++) await page.waitForTimeout(100);
    expect(asked.sort()).toEqual(['/api/user true', '/api/user/getSearchStatus true', '/remotes.json true']);
    await screenshot(page, 'signed-in-frame-1440');
    await context.close();
  });

  it("says what a connected driver's search is doing, from the early answers, before any script has run", async () => {
    const token = await registerDriver(product().baseUrl);
    const { context, page } = await openPage(browser, 360);
    await page.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    await withoutScripts(page);
    // The server's own answers, as for a driver who connected their platform account and started.
    const patched = (change: (data: Record<string, unknown>) => void) => async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      change(body.data);
      await route.fulfill({ response, json: body });
    };
    await page.route(
      '**/api/user',
      patched((account) => (account.flexConnected = true)),
    );
    await page.route(
      '**/api/user/getSearchStatus',
      patched((status) => (status.searching = true)),
    );
    await page.goto('/dashboard');
    await page.getByText('System Started').waitFor();
    // The one copy the page's style shows, under the loading line.
    await expect(
      page.getByText(/^System (Stopped|Started)$|^Paused|^Waiting/).evaluateAll((chips) => chips.filter((chip) => chip.getClientRects().length > 0).length),
    ).resolves.toBe(1);
    await page.getByRole('status').getByText('Loading…').waitFor();
    await screenshot(page, 'signed-in-frame-search-state-360');
    await context.close();
  });

  describe("lets a driver stop a running search from the frame, before any of the app's scripts has arrived", () => {
    let token: string;
    beforeAll(async () => {
      const { baseUrl, secretsFile, platformSimulatorUrl } = product();
      token = await registerDriver(baseUrl);
      const account = { email: `early-stop-${Date.now()}@example.com`, password: 'early stop: the platform password 8Qx' };
      rememberSecret(secretsFile, 'platform password', account.password);
      const { context, page } = await openDriverPage(browser, 1440, token);
      await page.goto('/connectAccount');
      await connectPlatformAccount({ context, page, account, simulatorUrl: platformSimulatorUrl });
      await context.close();
      await filterForWeekday(baseUrl, token, new Date().getUTCDay(), 'Early stop test');
    }, 120_000);
    afterAll(async () => {
      await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
    });

    it.each([
      [360, 'en', 'System Started', 'Stop searching', 'System Stopped'],
      [1440, 'es', 'Sistema iniciado', 'Detener la búsqueda', 'Sistema detenido'],
    ])('at %i px in %s', async (width, language, started, stop, stopped) => {
      await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
      const { context, page } = await openDriverPage(browser, width, token);
      await page.addInitScript((chosen) => localStorage.setItem('language', JSON.stringify(chosen)), language);
      await withoutScripts(page);
      await page.goto('/dashboard');
      await page.getByText(started, { exact: true }).waitFor();
      await screenshot(page, `signed-in-frame-early-stop-running-${language}-${width}`);
      await page.getByRole('button', { name: stop }).click();
      await page.getByText(stopped, { exact: true }).waitFor();
      await expect(page.getByRole('button', { name: stop }).isVisible()).resolves.toBe(false);
      // The server stopped it: the app's own screens will say so on every device.
      expect(await apiCall<{ searching: boolean }>(product().baseUrl, token, 'GET', '/user/getSearchStatus')).toMatchObject({ searching: false });
      await screenshot(page, `signed-in-frame-early-stop-${language}-${width}`);
      await context.close();
    });
  });
});

describe('the shell page on every other path', () => {
  it('preloads exactly the shell chunks a first load uses, so they come with the page and not level by level', async () => {
    const token = await registerDriver(product().baseUrl);
    const { context, page, errors } = await openPage(browser, 360);
    await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
    const requested = scriptsRequested(page);
    // Chromium's own verdict on a preload nothing used, a few seconds after the load.
    const unusedPreloads: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && /preloaded .* not used/.test(message.text()) && unusedPreloads.push(message.text()));
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await page.locator('[data-remote-root="mf_dashboard"]').waitFor();
    const preloaded = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'), (l) => new URL(l.href).pathname));
    // The stack, the shared package and its boot part are chunks of their own (tooling/src/webpack.ts).
    expect(preloaded).toEqual(expect.arrayContaining(['stack', 'shared', 'boot'].map((chunk) => expect.stringMatching(new RegExp(`^/blockpilot-${chunk}\\.[0-9a-f]+\\.js$`)))));
    // Every shell script the load needed was preloaded, but the entry (the page's script tag) and
    // the API client, which loads on demand (a signed-in page asks for the account early itself).
    expect(requested.filter((p) => !p.startsWith('/remotes/') && !preloaded.includes(p)).sort()).toEqual([
      expect.stringMatching(/^\/axios\.[0-9a-f]+\.js$/),
      expect.stringMatching(/^\/main\.[0-9a-f]+\.js$/),
    ]);
    await page.waitForTimeout(4000);
    expect(unusedPreloads).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
