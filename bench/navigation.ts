/**
 * What a driver feels after the first load: how long an in-app navigation takes until the next
 * remote's route is on screen and painted, and what a repeat visit downloads again (it should be
 * no JavaScript: every script has a hashed, immutable URL; docs/FRONTEND.md "Installable app").
 * In Debian's Chromium against the built product, no CPU or network throttling ("on this machine").
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source navigation.ts
 */
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, registerDriver, startProduct } from './lib/product.js';
import { kb, machineLine, table, writeSection } from './lib/report.js';

const RUNS = Number(process.env.NAVIGATION_RUNS ?? 7);
const loadAverage = () => os.loadavg()[0]!.toFixed(2);

/** One in-app navigation: from a route, a click on the link to another, until its remote's route has rendered. */
interface Navigation {
  label: string;
  from: string;
  to: string;
  remote: string;
  /**
   * A finger on the link this long before the click (a tap: touch down, then up), with the pointer
   * events a phone sends; without it the click comes out of nowhere, as a script's would.
   */
  tapMs?: number;
}

/** A quick tap on a phone: about this long from the finger touching the screen to the click. */
const TAP_MS = 80;

const NAVIGATIONS: Navigation[] = [
  { label: 'dashboard → account (its remote not loaded yet)', from: '/dashboard', to: '/account', remote: 'mf_account' },
  { label: 'account → dashboard (back to a loaded remote)', from: '/account', to: '/dashboard', remote: 'mf_dashboard' },
  { label: 'dashboard → stats (same remote, its charts chunk not loaded yet), a click with no warning', from: '/dashboard', to: '/dashboard/stats', remote: 'mf_dashboard' },
  {
    label: `dashboard → stats (same remote, its charts chunk not loaded yet), a tap (finger down ${TAP_MS} ms before the click)`,
    from: '/dashboard',
    to: '/dashboard/stats',
    remote: 'mf_dashboard',
    tapMs: TAP_MS,
  },
];

async function signedInPage(browser: Browser, url: string, token: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem('acccessToken', t), token);
  const page = await context.newPage();
  await page.goto(url + path, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-remote-root] [data-route]');
  return { context, page };
}

/**
 * Clicks the link inside the page (after a tap's touch down, for a navigation with `tapMs`) and
 * times, on the page's own clock from the click, until the target route's frame is in the DOM
 * (rendered) and until the frame after it (painted).
 */
function navigate(page: Page, navigation: Navigation, before?: string): Promise<{ rendered: number; painted: number }> {
  return page.evaluate(
    async ({ to, remote, previousRoute, tapMs }) => {
      const link = document.querySelector<HTMLAnchorElement>(`a[href="${to}"]`);
      if (!link) throw new Error(`no link to ${to}`);
      if (tapMs !== undefined) {
        const touch = { bubbles: true, pointerType: 'touch', isPrimary: true };
        link.dispatchEvent(new PointerEvent('pointerover', touch));
        link.dispatchEvent(new PointerEvent('pointerdown', touch));
        await new Promise((resolve) => setTimeout(resolve, tapMs));
        link.dispatchEvent(new PointerEvent('pointerup', touch));
      }
      return new Promise<{ rendered: number; painted: number }>((resolve) => {
        const started = performance.now();
        // No named function in here: tsx names them with a helper the page does not have.
        const observer = new MutationObserver(() => {
          const frame = document.querySelector(`[data-remote-root="${remote}"] [data-route]`);
          if (!frame || frame.getAttribute('data-route') === previousRoute) return;
          observer.disconnect();
          const rendered = performance.now() - started;
          requestAnimationFrame(() => setTimeout(() => resolve({ rendered, painted: performance.now() - started })));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        link.click();
      });
    },
    { to: navigation.to, remote: navigation.remote, previousRoute: before, tapMs: navigation.tapMs },
  );
}

/** What a repeat visit of a route fetches over the network (not from the HTTP cache or the service worker). */
async function repeatVisit(browser: Browser, url: string, token: string, path: string) {
  const { context, page: first } = await signedInPage(browser, url, token, path);
  // Give the service worker its time to install and take the page, as a driver's phone would between visits.
  await first.waitForTimeout(1_000);
  await first.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; type: string; cached: boolean; bytes: number }>();
  cdp.on('Network.responseReceived', (event) => {
    requests.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      cached: Boolean(event.response.fromDiskCache || event.response.fromServiceWorker || event.response.fromPrefetchCache),
      bytes: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.bytes = event.encodedDataLength;
  });
  await page.goto(url + path, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-remote-root] [data-route]');
  await context.close();
  const all = [...requests.values()];
  const scripts = all.filter((r) => r.type === 'Script');
  const fetched = (list: typeof all) => list.filter((r) => !r.cached && r.bytes > 0);
  return {
    scripts: scripts.length,
    scriptsFetched: fetched(scripts).map((r) => new URL(r.url).pathname),
    scriptBytes: fetched(scripts).reduce((n, r) => n + r.bytes, 0),
    otherFetched: fetched(all.filter((r) => r.type !== 'Script')).map((r) => `${new URL(r.url).pathname} (${r.type}, ${r.bytes} B)`),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const loadBefore = loadAverage();
const product = await startProduct();
const token = await registerDriver(product.url);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const timings: { navigation: Navigation; rendered: number[]; painted: number[] }[] = [];
let repeat: Awaited<ReturnType<typeof repeatVisit>>;
try {
  for (const navigation of NAVIGATIONS) {
    const row = { navigation, rendered: [] as number[], painted: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      // A fresh browser context each run: the remote's code is not in memory yet, as after a first load.
      const { context, page } = await signedInPage(browser, product.url, token, navigation.from);
      // A "back" navigation needs the target remote loaded once before, as in a real session.
      if (navigation.to === '/dashboard') {
        await page.goto(`${product.url}/dashboard`, { waitUntil: 'networkidle' });
        // A click in the page, as the timed navigations do (a new driver's dashboard opens a dialog over the links).
        await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/account"]')!.click());
        await page.waitForSelector('[data-remote-root="mf_account"] [data-route]');
      }
      const before = await page.getAttribute('[data-remote-root] [data-route]', 'data-route');
      const { rendered, painted } = await navigate(page, navigation, before ?? undefined);
      row.rendered.push(rendered);
      row.painted.push(painted);
      await context.close();
    }
    timings.push(row);
  }
  repeat = await repeatVisit(browser, product.url, token, '/dashboard');
} finally {
  await browser.close();
  product.stop();
}
const loadAfter = loadAverage();

for (const t of timings) console.log(t.navigation.label, 'painted', t.painted.map(Math.round));
console.log('repeat visit', repeat);
writeSection(
  'navigation',
  `## In-app navigation and repeat visits (\`bench/navigation.ts\`)

${machineLine()} Load average ${loadBefore} before, ${loadAfter} after. Debian's Chromium, headless, no CPU or network throttling, the built product on this machine; median of ${RUNS} runs, each in a fresh browser context signed in on the first route. Timed on the page's clock from the click on the link to the next remote's route frame in the DOM (rendered) and to the frame after it (painted). Goal: < 300 ms.

${table(
  ['navigation', 'rendered', 'painted', 'runs (painted, ms)'],
  timings.map((t) => [t.navigation.label, `${Math.round(median(t.rendered))} ms`, `**${Math.round(median(t.painted))} ms**`, t.painted.map(Math.round).join(', ')]),
)}

A page whose chunk is still loading at the click shows its spinner, and React then holds the page
back until 300 ms after the spinner appeared (its fallback throttle: a spinner never just
flashes). That hold, not the chunk, is the click-with-no-warning row; the stats chunk itself
comes in a few ms here. A real click has a warning: the links between the dashboard's pages start
loading the page's chunk on a touch, the pointer over them or keyboard focus
(\`mf-dashboard/src/pageChunks.ts\`), so by the click it is in and nothing is held back.

A repeat visit of the signed-in dashboard (a new tab in the same browser after the first visit): ${repeat.scripts} scripts, **${repeat.scriptsFetched.length} fetched over the network again (${kb(repeat.scriptBytes)})**${repeat.scriptsFetched.length ? `: ${repeat.scriptsFetched.join(', ')}` : ''}; every other script came from the HTTP cache. (\`remoteEntry.js\` is the one script whose name is not content-hashed, since a release replaces it in place: it is revalidated, and the answer is a 304 with no body.) Other requests that went to the server: ${repeat.otherFetched.join(', ') || 'none'}.`,
);
