/**
 * A first load fetches each module once. Every script a route loads is read with its source map,
 * and no source file of the product or of the libraries it bundles may come in two of them: a
 * module two async chunks both import is copied into each unless the build config groups it
 * (tooling/src/webpack.ts, docs/FRONTEND.md "Route chunks"), and such copies cost every driver
 * bytes on every first load.
 *
 * Each federated container (the shell and the page's remote) carries webpack's runtime and the
 * federation runtime's webpack part by design: those are left out.
 *
 * And a first load stays within its budget: the gzipped bytes of every script it fetches (counted
 * as bench/frontend.ts counts them, gzip level 9), so a route that grows fails here rather than in
 * the next benchmark run (BENCHMARKS.md "Front end").
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { registerDriver } from '../src/support/accounts';
import { launchBrowser, openDriverPage, openPage, product, visit } from '../src/support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Each container's own runtime: webpack's (`webpack://<app>/webpack/...`) and the federation runtime's part every container embeds. */
const PER_CONTAINER = /^webpack\/|node_modules\/@module-federation\//;

/**
 * A source map's source as one name across containers: `webpack://mf_dashboard/../shared/src/x.ts`
 * and `webpack://shell/../shared/src/x.ts` are the same file, `webpack://shell/./src/App.tsx` and
 * `webpack://mf_landing/./src/App.tsx` are not.
 */
function sourceName(source: string): string {
  const [, container = '', rest = source] = /^webpack:\/\/([^/]+)\/(.*)$/.exec(source) ?? [];
  const inModules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(.*)$/.exec(rest);
  if (inModules) return `node_modules/${inModules[1]}`;
  if (rest.startsWith('../')) return rest.replace(/^(\.\.\/)+/, '');
  if (rest.startsWith('./')) return `${container}/${rest.slice(2)}`;
  return rest;
}

/** The scripts a page fetches while `load` runs. */
async function scriptsOf(page: Page, load: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  await load();
  await page.waitForLoadState('networkidle');
  return urls;
}

/** The sources every script brings (by its source map), and which scripts bring each. */
async function sourcesByScript(page: Page, urls: string[]): Promise<Map<string, string[]>> {
  const scriptsOfSource = new Map<string, string[]>();
  for (const url of urls) {
    const answer = await page.request.get(`${url}.map`);
    expect(answer.status()).toBe(200);
    const map = (await answer.json()) as { sources: string[] };
    for (const source of new Set(map.sources.map(sourceName))) {
      if (PER_CONTAINER.test(source)) continue;
      scriptsOfSource.set(source, [...(scriptsOfSource.get(source) ?? []), new URL(url).pathname]);
    }
  }
  return scriptsOfSource;
}

/**
 * Gzipped size of each script, by path. The budgets below are the sizes measured on 2026-11-29
 * (BENCHMARKS.md "Front end") with about 2 KB of room: a feature may add a little, but a route
 * that grows past its budget has to show what it gained (raise the budget with the new figure).
 */
async function gzippedSizes(page: Page, urls: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const url of urls) {
    const answer = await page.request.get(url);
    expect(answer.status()).toBe(200);
    sizes.set(new URL(url).pathname, gzipSync(await answer.body(), { level: 9 }).length);
  }
  return sizes;
}

/** Each route's first load, KB gzipped (see gzippedSizes). */
const BUDGET_KB = { landing: 172, login: 167, dashboard: 201, account: 192, stats: 207 };

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
/**
 * A remote's entry: webpack's and the federation runtime's part of the container (BENCHMARKS.md
 * "Front end"). Each lazy chunk a remote adds costs its entry about 60 bytes (the chunk's name and
 * integrity hash): the dashboard's page and form chunks took it from 9.0 to 9.5 KB.
 */
const REMOTE_ENTRY_BUDGET_KB = 9.8;

const twice = (sources: Map<string, string[]>) => [...sources].filter(([, scripts]) => scripts.length > 1);

describe('a first load', () => {
  it.each([
    // [what, path, the remote that renders it, signed in, budget in KB gzipped]
    ['the landing page, once the visitor shows intent', '/', 'mf_landing', false, BUDGET_KB.landing],
    ['the sign-in page', '/login', 'mf_auth', false, BUDGET_KB.login],
    ['the dashboard, signed in', '/dashboard', 'mf_dashboard', true, BUDGET_KB.dashboard],
    ['the account page, signed in', '/account', 'mf_account', true, BUDGET_KB.account],
    ['the Stats page, signed in', '/dashboard/stats', 'mf_dashboard', true, BUDGET_KB.stats],
  ])('of %s fetches each module once, within its budget', async (_label, path, remote, signedIn, budgetKb) => {
    const { context, page } = signedIn ? await openDriverPage(browser, 1440, await registerDriver(product().baseUrl)) : await openPage(browser);
    const urls = await scriptsOf(page, async () => {
      await visit(page, path);
      await page.locator(`[data-remote-root="${remote}"]`).waitFor();
    });
    // The shell's entry, the stack, the shared package and the remote's entry at least.
    expect(urls.length).toBeGreaterThanOrEqual(4);
    expect(twice(await sourcesByScript(page, urls))).toEqual([]);
    const sizes = await gzippedSizes(page, urls);
    expect(kb([...sizes.values()].reduce((n, size) => n + size, 0))).toBeLessThanOrEqual(budgetKb);
    const entries = [...sizes].filter(([script]) => script.endsWith('/remoteEntry.js'));
    expect(entries).toHaveLength(1);
    for (const [, size] of entries) expect(kb(size)).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET_KB);
    // The live stream's client comes with the stream only (shared/src/api/live.ts), which no page
    // here opens: a visitor has none, nor a driver with no platform account connected yet (the
    // stream of a connected one: live.e2e.ts).
    expect(urls.filter((url) => /\/live-stream\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
    // An English page fetches no other language's words: the shell's and the shared package's
    // Spanish catalogs are chunks of their own, loaded when Spanish is chosen (languages.e2e.ts).
    expect(urls.filter((url) => /\/(shell|shared)-es\.[0-9a-f]+\.js$/.test(url))).toEqual([]);
    await context.close();
  });
});
