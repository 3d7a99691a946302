/**
 * Lighthouse performance (mobile: emulated phone, slow 4G, 4x CPU slowdown) of every route a
 * driver or operator opens: the landing page, the sign-in page, a driver's dashboard, stats,
 * calendar and account, and an operator's console, in Debian's Chromium, against the built product.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source lighthouse.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BENCH_OPERATOR_EMAIL, CHROMIUM, CHROMIUM_FLAGS, registerDriver, registerOperator, startProduct } from './lib/product.js';
import { machineLine, table, writeSection } from './lib/report.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The score every page is held to. */
const GOAL = 97;
/** Who opens a page: a visitor, a signed-in driver or an operator. */
type Visitor = 'visitor' | 'driver' | 'operator';
/** The pages measured: a visitor's first two, a driver's four and an operator's console. */
const PAGES: Array<{ name: string; path: string; as: Visitor }> = [
  { name: 'landing (/)', path: '/', as: 'visitor' },
  { name: 'sign-in (/login)', path: '/login', as: 'visitor' },
  { name: 'dashboard (/dashboard, signed in)', path: '/dashboard', as: 'driver' },
  { name: 'stats (/dashboard/stats, signed in)', path: '/dashboard/stats', as: 'driver' },
  { name: 'calendar (/dashboard/calendar, signed in)', path: '/dashboard/calendar', as: 'driver' },
  { name: 'account (/account, signed in)', path: '/account', as: 'driver' },
  { name: 'console (/admin, operator)', path: '/admin', as: 'operator' },
];
/** Set to a folder to keep every run's full report (JSON), to read which audits cost points. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

/** The machine is shared: its load (1-minute average) before and after says how far to trust the figures. */
const loadAverage = () => os.loadavg()[0]!.toFixed(2);
const loadBefore = loadAverage();
// DEV_MODE for the dev outbox only, where the operator's verification link is read; pages are served the same.
const product = await startProduct({ ADMIN_EMAILS: BENCH_OPERATOR_EMAIL, DEV_MODE: 'on' });
const tokens: Record<Visitor, string | null> = { visitor: null, driver: await registerDriver(product.url), operator: await registerOperator(product.url) };
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });

/**
 * Before each run: opens the page once, so the server is warm as a deployed one is (its first
 * requests after start pay for JIT and cold caches), puts the driver's token into storage for a
 * signed-in page, as signing in would, then empties the browser's cache (and with it V8's code
 * cache). Lighthouse's own storage reset would do that too, but it also clears the token, so the
 * signed-in runs keep storage and rely on this: every run is a first visit of a cold browser.
 */
async function prepare(path: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${product.url}/`);
  await page.evaluate((t) => (t ? localStorage.setItem('acccessToken', t) : localStorage.clear()), token);
  await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await browser.close();
}

interface Score {
  page: string;
  performance: number[];
  fcp: number[];
  lcp: number[];
  tbt: number[];
  cls: number[];
  /** Main-thread time per script (Lighthouse's bootup-time audit), ms, summed over the runs. */
  scripts: Map<string, number>;
}

/** A script's path, or what Lighthouse calls time it cannot pin on one script ('Unattributable'). */
const scriptName = (url: string) => (URL.canParse(url) ? new URL(url).pathname : url);

async function measure(name: string, path: string, token: string | null): Promise<Score> {
  const score: Score = { page: name, performance: [], fcp: [], lcp: [], tbt: [], cls: [], scripts: new Map() };
  for (let run = 0, failures = 0; run < RUNS;) {
    await prepare(path, token);
    const result = await lighthouse(`${product.url}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      // The signed-in run needs the token just stored; Lighthouse clears storage by default.
      disableStorageReset: token !== null,
    });
    const lhr = result!.lhr;
    // A run Lighthouse could not finish (e.g. NO_LCP when the machine is busy) is no score: retry it.
    if (lhr.runtimeError) {
      console.warn(`${name}: run failed (${lhr.runtimeError.code}), retrying`);
      if (++failures > RUNS) throw new Error(`${name}: Lighthouse failed ${failures} times: ${lhr.runtimeError.message}`);
      continue;
    }
    run++;
    if (REPORT_DIR) writeFileSync(join(REPORT_DIR, `${name.split(' ')[0]}-${run}.json`), JSON.stringify(lhr));
    score.performance.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
    score.fcp.push(lhr.audits['first-contentful-paint']!.numericValue!);
    score.lcp.push(lhr.audits['largest-contentful-paint']!.numericValue!);
    score.tbt.push(lhr.audits['total-blocking-time']!.numericValue!);
    score.cls.push(lhr.audits['cumulative-layout-shift']!.numericValue!);
    const bootup = (lhr.audits['bootup-time']?.details as { items?: Array<{ url: string; total: number }> } | undefined)?.items ?? [];
    for (const item of bootup) score.scripts.set(scriptName(item.url), (score.scripts.get(scriptName(item.url)) ?? 0) + item.total);
  }
  return score;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
let scores: Score[];
try {
  scores = [];
  for (const page of PAGES) scores.push(await measure(page.name, page.path, tokens[page.as]));
} finally {
  // A failed run must not leave the product and the browser running.
  await chrome.kill();
  product.stop();
}
const loadAfter = loadAverage();

for (const s of scores) console.log(s.page, 'performance', s.performance, 'lcp', s.lcp.map(Math.round));
writeSection(
  'lighthouse',
  `## Lighthouse performance, mobile (\`bench/lighthouse.ts\`)

${machineLine()} Load average ${loadBefore} before, ${loadAfter} after (2 cores shared with other work: scores move by ±10 between runs at this load). Lighthouse 12, default mobile settings (emulated Moto G Power, slow 4G, 4× CPU slowdown), Debian's Chromium; median of ${RUNS} runs each. Every run is a first visit of a cold browser (cache emptied, so no V8 code cache either) against a warm server (the page was opened once before the run, as a deployed server has served it before). The landing page is measured as a visitor who has not touched it yet: it runs no script until the first pointer, touch, key, focus or wheel event.

${table(
  ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS'],
  scores.map((s) => [
    s.page,
    `**${median(s.performance)}** (goal ≥ ${GOAL}; runs ${s.performance.join(', ')})`,
    `${Math.round(median(s.fcp))} ms`,
    `${Math.round(median(s.lcp))} ms`,
    `${Math.round(median(s.tbt))} ms`,
    median(s.cls).toFixed(3),
  ]),
)}

Where the phone's main thread goes (Lighthouse's bootup-time, mean per run, top 5 scripts):

${table(
  ['page', 'main-thread time by script'],
  scores.map((s) => [
    s.page,
    [...s.scripts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([script, ms]) => `${script} ${Math.round(ms / RUNS)} ms`)
      .join(', '),
  ]),
)}`,
);
