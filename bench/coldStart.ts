/**
 * Cold start of the signed-in dashboard on a phone: a 360 x 740 touch screen on the DevTools
 * "Slow 3G" profile (2,000 ms added to every response, 50 KB/s each way) with a 4x CPU slowdown,
 * the browser's cache empty (a new browser context each visit), against the built product. Measures what a driver sees and when:
 * the first paint (the shell's prerendered frame), when the account request leaves the browser,
 * the first useful content (what the driver's search is doing: the page script shows it in the
 * prerendered frame from its early requests, before the app's code has arrived), and the Start
 * button, which the dashboard shows only once its code runs and knows the search state. Then, for
 * a driver whose search runs: when a Stop the driver can use is on screen (the frame's, which the
 * page script carries out before the app's code has arrived), and when a tap on it has stopped the
 * search (the page says "System Stopped" once the server has answered).
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source coldStart.ts
 */
import os from 'node:os';
import { EARLY_GETS, STORAGE_KEYS } from '@blockpilot/shared/constants';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, registerDriver, startProduct } from './lib/product.js';
import { machineLine, table, writeSection } from './lib/report.js';

const RUNS = Number(process.env.COLD_START_RUNS ?? 5);
/**
 * Both ways in one build: with the page script's early requests, and without them (the bench hides
 * `fetch` from the page's inline script, which then sends nothing, and gives it back before the
 * app's scripts run; the app then asks for everything itself, as it did before the early requests).
 */
const MODES = [
  { name: 'with the early requests', early: true },
  { name: 'without them (the app asks once its code has run)', early: false },
] as const;
/** The DevTools "Slow 3G" preset (its own numbers: 500 kbit/s x 0.8 each way, 400 ms x 5 latency). */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };
const CPU_SLOWDOWN = 4;
/** `--trace`: prints the first visit's requests (start, end, bytes), to see what waits on what. */
const TRACE = process.argv.includes('--trace');

interface Run {
  firstPaint: number;
  accountRequested: number;
  searchStateShown: number;
  startButton: number;
  scriptBytes: number;
}

const loadAverage = () => os.loadavg()[0]!.toFixed(2);
const loadBefore = loadAverage();
const product = await startProduct();
const token = await registerDriver(product.url);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/**
 * Connects the driver's platform account through the product's own screens (unthrottled, once):
 * only a connected driver's dashboard shows the search control.
 */
async function connectDriver(): Promise<void> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.accessToken, token] as const);
  const page = await context.newPage();
  await page.goto(`${product.url}/connectAccount`);
  const takeMe = page.getByRole('button', { name: 'Take me to Amazon' });
  await page.waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await takeMe.elementHandle());
  const [signIn] = await Promise.all([context.waitForEvent('page'), takeMe.click()]);
  await signIn.getByLabel('Email or mobile phone number').fill(`cold-start-${Date.now()}@example.com`);
  await signIn.getByLabel('Password').fill('cold start: a platform password 8Qx');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL('**/ap/maplanding?**');
  const landingUrl = signIn.url();
  await signIn.close();
  await page.getByLabel("URL of the 'Looking for something?' page").fill(landingUrl);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
  await context.close();
}
await connectDriver();

/** The driver's API, unthrottled (the bench's own calls, not the visit's). */
async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ data: unknown }> {
  const response = await fetch(`${product.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown };
}

/** A filter the search can start with: every day, the first station the account may work. */
async function enableAFilter(): Promise<void> {
  const areas = (await api('POST', '/user/getServiceAreas', {})).data as Array<{ id: string; eligible?: boolean }>;
  const [filter] = ((await api('GET', '/user')).data as { filters: Array<Record<string, unknown>> }).filters;
  const serviceAreas = [areas.find((area) => area.eligible)!.id];
  await api('POST', '/user/saveFilter', { filter: { ...filter, enabled: true, serviceAreas, days: [0, 1, 2, 3, 4, 5, 6] } });
}
await enableAFilter();
// A new account has no credit until its address is verified: the free trial lets the search start.
await api('POST', '/user/startTrial', {});
const searching = async (on: boolean) => api('POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: on });

/** When a usable Stop was on screen, and when a tap on it had stopped the search. */
interface StopRun {
  stopUsable: number;
  stopped: number;
}

/** A phone with an empty cache on Slow 3G, signed in as the driver (the token put in as signing in would). */
async function slowPhone() {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.accessToken, token] as const);
  return context;
}

/** Throttles a page as a slow phone on Slow 3G. */
async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** A cold visit while the search runs: the first Stop on screen that works, tapped at once. */
async function coldVisitToStop(): Promise<StopRun> {
  await searching(true);
  const context = await slowPhone();
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(`${product.url}/dashboard`, { waitUntil: 'commit' });
  // Whichever Stop is first on screen and enabled: the frame's (its name says what it does) or the
  // dashboard's; looked for on every frame, as the search state is.
  const stopUsable = await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).some(
          (button) => /^Stop( searching)?$/.test(button.textContent ?? '') && !button.disabled && button.getClientRects().length > 0,
        ) && performance.now(),
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await page
    .getByRole('button', { name: /^Stop( searching)?$/ })
    .first()
    .tap();
  await page.getByText('System Stopped', { exact: true }).first().waitFor({ timeout: 120_000 });
  const stopped = await page.evaluate(() => performance.now());
  await context.close();
  const { data } = await api('GET', '/user/getSearchStatus');
  if ((data as { searching: boolean }).searching) throw new Error('the Stop tapped on the cold page did not stop the search');
  return { stopUsable, stopped };
}

/** One cold visit: a fresh context (empty cache and storage, the token put in as signing in would). */
async function coldVisit(early: boolean): Promise<Run> {
  const context = await slowPhone();
  if (!early) {
    await context.addInitScript(() => {
      const hidden = window.fetch;
      (window as { fetch?: typeof fetch }).fetch = undefined;
      // 'interactive' comes after the parser ran the inline script and before the deferred app scripts.
      document.addEventListener('readystatechange', () => (window.fetch = hidden), { once: true });
    });
  }
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  let navigationStart = 0;
  let accountRequested = Number.NaN;
  let scriptBytes = 0;
  const scripts = new Set<string>();
  const requests = new Map<string, { path: string; start: number; end?: number; bytes?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && !navigationStart) navigationStart = event.timestamp;
    const path = new URL(event.request.url).pathname;
    const start = (event.timestamp - navigationStart) * 1000;
    if (path === EARLY_GETS.account && Number.isNaN(accountRequested)) accountRequested = start;
    requests.set(event.requestId, { path, start });
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: (event.timestamp - navigationStart) * 1000, bytes: event.encodedDataLength });
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
  });
  await page.goto(`${product.url}/dashboard`, { waitUntil: 'commit' });
  // The driver is connected and stopped: the chip that says so, wherever it is first on screen
  // (the prerendered frame's copy, else the shell's or the dashboard's own).
  const searchStateShown = await page
    .waitForFunction(
      () => Array.from(document.querySelectorAll('span')).some((span) => span.textContent === 'System Stopped' && span.getClientRects().length > 0) && performance.now(),
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await page.getByRole('button', { name: 'Start', exact: true }).waitFor({ timeout: 120_000 });
  const startButton = await page.evaluate(() => performance.now());
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  if (TRACE) {
    console.log(`requests of a visit ${early ? 'with' : 'without'} the early requests (start ms, end ms, bytes, path):`);
    for (const { path, start, end, bytes } of requests.values())
      console.log(`${start.toFixed(0).padStart(7)} ${end?.toFixed(0).padStart(7) ?? '      -'} ${String(bytes ?? '').padStart(7)} ${path}`);
  }
  await context.close();
  return { firstPaint, accountRequested, searchStateShown, startButton, scriptBytes };
}

const runs = new Map<string, Run[]>(MODES.map((mode) => [mode.name, []]));
const stopRuns: StopRun[] = [];
await coldVisit(true); // warms the server, as a deployed one is warm
for (let i = 0; i < RUNS; i++) {
  const stopRun = await coldVisitToStop();
  stopRuns.push(stopRun);
  console.log(`running search, run ${i + 1}: Stop usable ${stopRun.stopUsable.toFixed(0)} ms, stopped ${stopRun.stopped.toFixed(0)} ms`);
  // Alternating, so a change in the machine's load weighs on both alike.
  for (const mode of MODES) {
    const run = await coldVisit(mode.early);
    runs.get(mode.name)!.push(run);
    console.log(
      `${mode.name}, run ${i + 1}: first paint ${run.firstPaint.toFixed(0)} ms, account requested ${run.accountRequested.toFixed(0)} ms, search state shown ${run.searchStateShown.toFixed(0)} ms, Start shown ${run.startButton.toFixed(0)} ms, ${(run.scriptBytes / 1024).toFixed(1)} KB of scripts`,
    );
  }
}
await browser.close();
product.stop();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const figure = (mode: string, pick: (run: Run) => number) => {
  const own = runs.get(mode)!;
  return `**${seconds(median(own.map(pick)))}** (${own.map((run) => seconds(pick(run))).join(', ')})`;
};
const FIGURES: [string, (run: Run) => number][] = [
  ['first paint (the shell frame and its skeleton)', (run) => run.firstPaint],
  ['the account request leaves the browser', (run) => run.accountRequested],
  ['first useful content: what the search is doing ("System Stopped")', (run) => run.searchStateShown],
  ['the Start button (the dashboard running, with the search state from the server)', (run) => run.startButton],
];

writeSection(
  'cold-start',
  `## Cold start on a phone, signed in (\`bench/coldStart.ts\`)

${machineLine()} Load average ${loadBefore} before, ${loadAverage()} after. Debian's Chromium, 360 x 740 touch screen, DevTools "Slow 3G" (2,000 ms added to each response, 50 KB/s each way), ${CPU_SLOWDOWN}x CPU slowdown, empty cache (a new browser context per visit), a connected driver; median of ${RUNS} cold visits of \`/dashboard\` each way (alternating) after one warm-up. Times from navigation start. Goal: first useful content under 5 s.

${table(
  ['figure', ...MODES.map((mode) => mode.name)],
  [
    ...FIGURES.map(([label, pick]) => [label, ...MODES.map((mode) => figure(mode.name, pick))]),
    ['script bytes downloaded (as transferred, median)', ...MODES.map((mode) => `${(median(runs.get(mode.name)!.map((run) => run.scriptBytes)) / 1024).toFixed(1)} KB`)],
  ],
)}

A driver whose search runs (the same phone, with the early requests), median of ${RUNS} cold visits:

${table(
  ['figure', 'median (each visit)'],
  [
    [
      "a Stop the driver can use is on screen (the frame's, carried out by the page script; goal under 5 s)",
      `**${seconds(median(stopRuns.map((run) => run.stopUsable)))}** (${stopRuns.map((run) => seconds(run.stopUsable)).join(', ')})`,
    ],
    [
      'tapped at once: the server has stopped the search and the page says "System Stopped"',
      `**${seconds(median(stopRuns.map((run) => run.stopped)))}** (${stopRuns.map((run) => seconds(run.stopped)).join(', ')})`,
    ],
  ],
)}

Where the floor is (\`--trace\` prints every request of a visit): on this profile each request waits 2 s for its first byte and the browser opens 6 connections per host (HTTP/1.1), each held for the whole round trip, so the first load arrives in waves: the HTML at 2.1 s, then the shell's entry, its five chunks (the boot part of the shared package, the early start, the shell, the shared package, the stack), 3 fonts, the logo and the page script's 3 early requests. The early answers are in by about 4.3 s, and the page script shows the search state at once (the first useful content, goal 5 s: met). The Start button needs the dashboard's code: the shell's entry and boot chunks (about 4.5-5 s), then the remote's manifest, then its entry and chunks (two more round trips, to about 10.5 s), and the stack (React, 92 KB) at about 10.5 s; on this link 2.1 s of HTML, one round trip for the scripts and 3.4 s of their bytes already add up to 7.5 s before anything runs. What would move it further: HTTP/2 at the proxy (one connection, no waves), the remote's entry and chunks named in the remote list (one round trip less), or a server-rendered first screen.`,
);
