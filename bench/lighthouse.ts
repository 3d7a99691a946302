/**
 * Lighthouse performance (mobile: emulated phone, slow 4G, 4x CPU slowdown) of the landing page
 * and the signed-in dashboard, in Debian's Chromium, against the built product.
 *
 *   cd bench && npx tsx lighthouse.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, registerDriver, startProduct } from './lib/product.js';
import { machineLine, table, writeSection } from './lib/report.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const product = await startProduct();
const token = await registerDriver(product.url);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });

/** Puts the driver's token into the page origin's storage, as signing in would. */
async function signIn(): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
  await page.goto(`${product.url}/`);
  await page.evaluate((t) => localStorage.setItem('acccessToken', t), token);
  await browser.close();
}

interface Score {
  page: string;
  performance: number[];
  fcp: number[];
  lcp: number[];
  tbt: number[];
  cls: number[];
}

async function measure(name: string, path: string, signedIn: boolean): Promise<Score> {
  const score: Score = { page: name, performance: [], fcp: [], lcp: [], tbt: [], cls: [] };
  for (let run = 0, failures = 0; run < RUNS; ) {
    if (signedIn) await signIn();
    const result = await lighthouse(`${product.url}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      // The signed-in run needs the token just stored; Lighthouse clears storage by default.
      disableStorageReset: signedIn,
    });
    const lhr = result!.lhr;
    // A run Lighthouse could not finish (e.g. NO_LCP when the machine is busy) is no score: retry it.
    if (lhr.runtimeError) {
      console.warn(`${name}: run failed (${lhr.runtimeError.code}), retrying`);
      if (++failures > RUNS) throw new Error(`${name}: Lighthouse failed ${failures} times: ${lhr.runtimeError.message}`);
      continue;
    }
    run++;
    score.performance.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
    score.fcp.push(lhr.audits['first-contentful-paint']!.numericValue!);
    score.lcp.push(lhr.audits['largest-contentful-paint']!.numericValue!);
    score.tbt.push(lhr.audits['total-blocking-time']!.numericValue!);
    score.cls.push(lhr.audits['cumulative-layout-shift']!.numericValue!);
  }
  return score;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const scores = [await measure('landing (/)', '/', false), await measure('dashboard (/dashboard, signed in)', '/dashboard', true)];
await chrome.kill();
product.stop();

for (const s of scores) console.log(s.page, 'performance', s.performance, 'lcp', s.lcp.map(Math.round));
writeSection(
  'lighthouse',
  `## Lighthouse performance, mobile (\`bench/lighthouse.ts\`)

${machineLine()} Lighthouse 12, default mobile settings (emulated Moto G Power, slow 4G, 4× CPU slowdown), Debian's Chromium; median of ${RUNS} runs each.

${table(
  ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS'],
  scores.map((s) => [s.page, `**${median(s.performance)}** (goal ≥ 95; runs ${s.performance.join(', ')})`, `${Math.round(median(s.fcp))} ms`, `${Math.round(median(s.lcp))} ms`, `${Math.round(median(s.tbt))} ms`, median(s.cls).toFixed(3)]),
)}`,
);
