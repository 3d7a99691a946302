/**
 * The soak: 100 drivers (`--drivers`) searching for 30 minutes (`--minutes`) in one process
 * against a simulator that throttles, has rivals and fails now and then, checking what must never
 * happen, however long the engine runs:
 *
 * 1. no throttled answer (`rate_limited`) after a driver's first back-off: the engine's request
 *    budget is sized from the platform's limit (20 requests per 10 s per account, on both sides),
 *    so the limit is never met; a first throttle is tolerated (it is what a back-off is for),
 *    anything after the account's first back-off (its first throttled, 5xx or reset answer) is not;
 * 2. no offers poll sooner than the refreshInterval (1000 ms unless `--refresh-ms` sets the
 *    simulator's pace): the gap between consecutive poll ARRIVALS of each account, from the
 *    simulator's record (its real-time, monotonic stamps); the simulator's own count is shown too;
 * 3. no hidden offer accepted: offers marked `hidden` that the driver's filter meets are injected
 *    among the others; not one AcceptOffer may name them;
 * 4. no double booking: the simulator's `doubleBookings` total (a won accept overlapping a block
 *    already booked on that account) and, at the end, every account's schedule checked for
 *    overlapping blocks. Overlapping offers are injected on purpose: pairs of offers for one
 *    driver whose blocks overlap, in the same listing or the second a few seconds later;
 * 5. heap flat: the engine process's heap after a forced GC, every `--sample-s` (60 s); first,
 *    last, max and the least-squares slope after the settling period (the engine remembers judged
 *    offers for two generations of 5 minutes, so its heap may grow for the first 10 minutes;
 *    shorter runs settle over their first half). PASS when the growth the slope predicts over
 *    the rest of the run stays under max(2 MB, 5% of the heap).
 *
 * The engine is the server's own, as in the race (createContext: LocalSearchRunner, PostgreSQL
 * in a schema of its own, the real platform client), in this process; the simulator in its own,
 * with its defaults (12 areas, 2 generated offers per area per minute with rivals after 15 s on
 * average, 20 requests per 10 s per account) and faults set through the control API: `--error-rate`
 * of work calls answered 503 and `--latency-rate` delayed by `--latency-ms`. Each driver has a
 * filter of its own (./lib/driverOffers.ts) and gets an offer it wants about every
 * `--offer-every-s` (60 s): 70% single offers with a rival 0-3 s after injection, 15% hidden
 * offers, 15% overlapping pairs. The injecting, the reading of the simulator's record (every
 * 500 ms, in small portions, from a ring of 20,000) and a heartbeat request timing the
 * simulator every 100 ms run in a worker thread (./lib/simControl.ts), so neither the engine's
 * event loop nor its heap carry them.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source soak.ts [--drivers 100] [--minutes 30] [--sample-s 60] [--offer-every-s 60]
 *     [--error-rate 0.02] [--latency-rate 0.02] [--latency-ms 300] [--refresh-ms 1000] [--print-only]
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { FaultRule } from '@blockpilot/platform-sim';
import { createContext, loadConfig, openDatabase, systemClock, type LocalSearchRunner } from '@blockpilot/server';
import { MAX_DRIVERS, ownFilter, ownOffer } from './lib/driverOffers.js';
import { boundedRun } from './lib/boundedRun.js';
import { machineLine, table, writeSection } from './lib/report.js';
import {
  benchSchema,
  cliOption,
  connectDriversWith,
  forcedGc,
  percentile,
  processCpuSeconds,
  simulatorEnv,
  startSimulatorProcess,
  type ConnectedDriver,
} from './lib/searchFleet.js';
import { SimControl, type InjectPlan, type WindowSummary } from './lib/simControl.js';

const option = cliOption;
const DRIVERS = Number(option('drivers') ?? 100);
const MINUTES = Number(option('minutes') ?? 30);
const SAMPLE_S = Number(option('sample-s') ?? 60);
const OFFER_EVERY_S = Number(option('offer-every-s') ?? 60);
const ERROR_RATE = Number(option('error-rate') ?? 0.02);
const LATENCY_RATE = Number(option('latency-rate') ?? 0.02);
const LATENCY_MS = Number(option('latency-ms') ?? 300);
const REFRESH_MS = Number(option('refresh-ms') ?? 1000);
const PRINT_ONLY = process.argv.includes('--print-only');
const LOG_LEVEL = option('log-level') ?? 'silent';
/** Injections are planned this far ahead. */
const BATCH_S = 10;
/** Progress is printed this often (the control thread reads the record every 500 ms, in small portions). */
const PRINT_S = 30;
/** The control thread times a tiny request to the simulator this often (its responsiveness). */
const HEARTBEAT_MS = 100;
/** The engine remembers judged offers for two generations of this long (DEFAULT_ENGINE_TIMINGS.seenGenerationMs). */
const SETTLE_MS = Math.min(10 * 60_000, (MINUTES * 60_000) / 2);
const TOKEN_KEY = randomBytes(32).toString('base64');

const fromServer = createRequire(new URL('../server/package.json', import.meta.url));
const pino = fromServer('pino') as (options: { level: string }) => Parameters<typeof createContext>[2]['log'];
const APPLICATION_NAME = `bench-soak-${process.pid}`;

interface SoakDriver extends ConnectedDriver {
  day: number;
}

/** One batch of offers for the next BATCH_S seconds: about one group per driver per OFFER_EVERY_S. */
function planBatch(drivers: SoakDriver[], from: number): InjectPlan[] {
  const plans: InjectPlan[] = [];
  const groups = (drivers.length * BATCH_S) / OFFER_EVERY_S;
  const count = Math.floor(groups) + (Math.random() < groups % 1 ? 1 : 0);
  for (let g = 0; g < count; g++) {
    const driver = drivers[Math.floor(Math.random() * drivers.length)]!;
    const area = driver.eligibleAreaIds[Math.floor(Math.random() * driver.eligibleAreaIds.length)]!;
    const at = from + Math.random() * BATCH_S * 1000;
    const day = driver.day++;
    const kind = Math.random();
    if (kind < 0.7) {
      plans.push({ at, input: { ...ownOffer(driver.index, day, area), rivalDelayMs: Math.round(Math.random() * 3000) }, tag: 'single', category: 'single' });
    } else if (kind < 0.85) {
      plans.push({ at, input: { ...ownOffer(driver.index, day, area), hidden: true }, tag: 'hidden', category: 'hidden' });
    } else {
      // Two blocks 30 minutes apart on one day: they overlap (every block lasts an hour or more).
      const later = Math.random() < 0.5 ? 0 : 5_000 + Math.random() * 10_000;
      plans.push({ at, input: ownOffer(driver.index, day, area), tag: 'pair', category: 'pair' });
      plans.push({ at: at + later, input: ownOffer(driver.index, day, area, 30), tag: 'pair', category: 'pair' });
    }
  }
  return plans;
}

/** Least-squares slope of (t, y), per unit of t. */
function slope(points: Array<{ t: number; y: number }>): number {
  if (points.length < 2) return Number.NaN;
  const n = points.length;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.t - mt) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.t - mt) ** 2, 0);
  return den === 0 ? Number.NaN : num / den;
}

interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

async function main(): Promise<void> {
  if (DRIVERS > MAX_DRIVERS) throw new Error(`at most ${MAX_DRIVERS} drivers have filters of their own`);
  const loadAtStart = os.loadavg()[0]!;
  const gc = forcedGc();
  // Bounded whatever happens: past the limit (run, set-up and a margin), everything started is stopped.
  const { cleanups, cleanup, finish } = boundedRun('soak', (MINUTES + 10) * 60_000);

  const heap: Array<{ t: number; y: number }> = [];
  let summary: WindowSummary;
  const overlapping: string[] = [];
  let schedulesRead = 0;
  let simCpuPct: number;
  let engineCpuPct: number;
  let loadAtEnd: number;
  try {
    const schema = await benchSchema(APPLICATION_NAME);
    cleanups.push(() => schema.drop());
    const simArgs = ['--record-size', '20000'];
    if (REFRESH_MS !== 1000) simArgs.push('--refresh-interval-ms', String(REFRESH_MS));
    const { child: simulator, url: simUrl } = await startSimulatorProcess(simArgs);
    cleanups.push(() => simulator.kill('SIGTERM'));
    const database = await openDatabase({ kind: 'postgres', url: schema.url });
    cleanups.push(() => database.close());
    const config = loadConfig({ ...simulatorEnv(simUrl), PLATFORM_TOKEN_KEY: TOKEN_KEY, DATABASE_URL: schema.url, LOG_LEVEL });
    const ctx = createContext(config, database.db, { clock: systemClock, log: pino({ level: LOG_LEVEL }), engine: { timings: { resumeSpreadMs: 1000 } } });
    cleanups.push(() => ctx.platform.close());
    cleanups.push(() => ctx.background.drain());
    const runner = ctx.search as LocalSearchRunner;
    cleanups.push(() => runner.close());
    const control = SimControl.start(simUrl, { refreshIntervalMs: REFRESH_MS, heartbeatEveryMs: HEARTBEAT_MS, readEveryMs: 500 });
    cleanups.push(() => control.close());

    const connected = await connectDriversWith(database.db, ctx.tokenCipher, simUrl, DRIVERS, { searching: true, feeFree: true, eligibleAreas: true, filter: ownFilter });
    const drivers: SoakDriver[] = connected.map((d) => ({ ...d, day: 0 }));
    const rules: FaultRule[] = [];
    if (ERROR_RATE > 0) rules.push({ kind: 'serverError', rate: ERROR_RATE, status: 503 });
    if (LATENCY_RATE > 0) rules.push({ kind: 'latency', rate: LATENCY_RATE, latencyMs: LATENCY_MS });
    const faults = await fetch(`${simUrl}/__control/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
    if (!faults.ok) throw new Error(`setting faults failed: ${faults.status} ${await faults.text()}`);

    await control.mark(); // the window covers everything the drivers do from here
    const startedAt = Date.now();
    const endAt = startedAt + MINUTES * 60_000;
    const cpu0 = process.cpuUsage();
    const sim0 = processCpuSeconds(simulator.pid!);
    for (const d of drivers) runner.start(d.userId, Math.floor(Math.random() * 1000));
    console.log(`${drivers.length} drivers searching for ${MINUTES} min; faults: ${JSON.stringify(rules)}`);

    const injections: Array<Promise<unknown>> = [];
    let nextSample = startedAt;
    let nextBatch = startedAt;
    let nextPrint = startedAt + PRINT_S * 1000;
    while (Date.now() < endAt) {
      const now = Date.now();
      // The last offers go in 5 s before the end, so their accepts are in the record.
      if (now >= nextBatch && nextBatch + BATCH_S * 1000 > endAt - 5000) nextBatch = Infinity;
      if (now >= nextBatch) {
        injections.push(control.inject(planBatch(drivers, nextBatch)));
        nextBatch += BATCH_S * 1000;
      }
      if (now >= nextPrint) {
        nextPrint += PRINT_S * 1000;
        const progress = await control.read(true);
        console.log(
          `${((now - startedAt) / 60_000).toFixed(1)} min: polls ${progress.polls}, throttled ${progress.throttled} (after first back-off ${progress.throttledAfterFirstBackoff}), too-fast polls ${progress.pollsFasterThanInterval} (simulator: ${progress.simTooFastPolls ?? 'n/a'}), hidden accepts ${progress.acceptsByCategory.hidden?.attempts ?? 0}, double bookings ${progress.totals?.doubleBookings ?? 'n/a'}, outcomes ${JSON.stringify(progress.byOutcome)}`,
        );
      }
      if (now >= nextSample) {
        gc();
        heap.push({ t: (Date.now() - startedAt) / 60_000, y: process.memoryUsage().heapUsed / 2 ** 20 });
        console.log(`heap after GC: ${heap[heap.length - 1]!.y.toFixed(1)} MB`);
        nextSample += SAMPLE_S * 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(20, Math.min(nextBatch, nextSample, nextPrint, endAt) - Date.now())));
    }
    await Promise.all(injections);
    gc();
    heap.push({ t: (Date.now() - startedAt) / 60_000, y: process.memoryUsage().heapUsed / 2 ** 20 });
    const cpu = process.cpuUsage(cpu0);
    const seconds = (Date.now() - startedAt) / 1000;
    engineCpuPct = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
    simCpuPct = ((processCpuSeconds(simulator.pid!) - sim0) / seconds) * 100;
    summary = await control.read();

    // Every account's schedule, from the simulator: no two booked blocks may overlap.
    for (const d of drivers) {
      const { scheduledAssignments } = (await (await fetch(`${simUrl}/__control/accounts/${encodeURIComponent(d.accountId)}/schedule`)).json()) as {
        scheduledAssignments: Array<{ startTime: number; endTime: number }>;
      };
      schedulesRead += scheduledAssignments.length;
      const blocks = [...scheduledAssignments].sort((a, b) => a.startTime - b.startTime);
      for (let i = 1; i < blocks.length; i++) if (blocks[i]!.startTime < blocks[i - 1]!.endTime) overlapping.push(d.accountId);
    }
    loadAtEnd = os.loadavg()[0]!;
  } finally {
    finish();
    await cleanup();
  }
  report(summary, heap, overlapping, schedulesRead, { loadAtStart, loadAtEnd, engineCpuPct, simCpuPct });
}

function report(
  s: WindowSummary,
  heap: Array<{ t: number; y: number }>,
  overlapping: string[],
  booked: number,
  readings: { loadAtStart: number; loadAtEnd: number; engineCpuPct: number; simCpuPct: number },
): void {
  const settled = heap.filter((p) => p.t * 60_000 >= SETTLE_MS);
  const perMinute = slope(settled);
  const first = heap[0]?.y ?? Number.NaN;
  const last = heap[heap.length - 1]?.y ?? Number.NaN;
  const max = Math.max(...heap.map((p) => p.y));
  const span = settled.length ? settled[settled.length - 1]!.t - settled[0]!.t : 0;
  const growth = perMinute * span;
  const allowed = Math.max(2, 0.05 * (settled[0]?.y ?? first));
  const simDouble = s.totals?.doubleBookings ?? null;
  const hidden = s.acceptsByCategory.hidden ?? { attempts: 0, won: 0 };
  const checks: Check[] = [
    {
      name: "no throttled answer after a driver's first back-off",
      pass: s.throttledAfterFirstBackoff === 0,
      detail: `${s.throttledAfterFirstBackoff} after the first back-off; ${s.throttled} throttled in all (${s.throttledAccounts} accounts); ${s.accountsBackedOff} accounts backed off at least once`,
    },
    {
      name: `no offers poll sooner than the refreshInterval (${REFRESH_MS} ms)`,
      pass: s.pollsFasterThanInterval === 0,
      detail: `${s.pollsFasterThanInterval} of ${s.polls.toLocaleString('en-US')} polls, from the gaps between arrivals${s.minPollGapMs !== null ? ` (shortest ${s.minPollGapMs.toFixed(1)} ms)` : ''}${s.fastExamples.length ? `, e.g. ${s.fastExamples.map((e) => `${e.gapMs} ms`).join(', ')}` : ''}; the simulator's own count: ${s.simTooFastPolls ?? 'n/a'}`,
    },
    {
      name: 'no hidden offer accepted',
      pass: hidden.attempts === 0,
      detail: `${hidden.attempts} AcceptOffer calls (${hidden.won} won) for ${s.injectedByCategory.hidden ?? 0} hidden offers the drivers' filters meet`,
    },
    {
      name: 'no double booking',
      pass: (simDouble ?? 0) === 0 && overlapping.length === 0,
      detail: `simulator's doubleBookings: ${simDouble ?? 'not reported'}; overlapping blocks in the final schedules: ${overlapping.length} (${booked} blocks booked on ${DRIVERS} accounts; ${s.injectedByCategory.pair ?? 0} offers injected as overlapping pairs, ${s.acceptsByCategory.pair?.won ?? 0} of them won)`,
    },
    {
      name: 'heap flat',
      pass: settled.length >= 2 && Number.isFinite(growth) && growth < allowed,
      detail: `after GC: first ${first.toFixed(1)} MB, last ${last.toFixed(1)} MB, max ${max.toFixed(1)} MB; slope after ${(SETTLE_MS / 60_000).toFixed(1)} min ${Number.isFinite(perMinute) ? `${(perMinute * 60).toFixed(1)} MB/h` : 'n/a'} (${settled.length} samples; growth over ${span.toFixed(1)} min ${Number.isFinite(growth) ? `${growth.toFixed(2)} MB` : 'n/a'}, allowed ${allowed.toFixed(1)} MB)`,
    },
  ];
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  const single = s.acceptsByCategory.single ?? { attempts: 0, won: 0 };
  const beats = Float64Array.from(s.heartbeatMs).sort();
  const beat = `${percentile(beats, 0.5).toFixed(2)} / ${percentile(beats, 0.99).toFixed(1)} / ${(beats[beats.length - 1] ?? Number.NaN).toFixed(0)} ms`;
  console.log({ byOutcome: s.byOutcome, single, injected: s.injectedByCategory, lostRecords: s.lostRecords, heartbeat: beat });
  if (PRINT_ONLY) return;
  const short = MINUTES < 30;
  writeSection(
    'soak',
    `## Engine: soak (\`bench/soak.ts\`)

${machineLine()}
${short ? `**A ${MINUTES}-minute run** (\`--minutes ${MINUTES}\`), to prove the benchmark works; the benchmark's default is 30 minutes, and the heap check means little over so short a run. ` : ''}One-minute load average: ${readings.loadAtStart.toFixed(2)} at the start, ${readings.loadAtEnd.toFixed(2)} at the end, on ${os.cpus().length} CPUs (shared with other work).

${DRIVERS} drivers searched by the server's own engine in one process for ${MINUTES} minutes against the simulator
in its own process with its rate limit (20 requests per 10 s per account; the engine's budget sized
from the same figure), rivals (generated offers: taken after 15 s on average; injected single offers:
0-3 s after injection) and faults (${(ERROR_RATE * 100).toFixed(0)}% of work calls answered 503, ${(LATENCY_RATE * 100).toFixed(0)}% delayed by ${LATENCY_MS} ms).
Each driver has a filter of its own and got an offer it wants about every ${OFFER_EVERY_S} s: single offers,
hidden ones and overlapping pairs (${Object.entries(s.injectedByCategory)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}). Engine CPU ${readings.engineCpuPct.toFixed(0)}%,
simulator CPU ${readings.simCpuPct.toFixed(0)}% of a core; simulator heartbeat (a tiny request every ${HEARTBEAT_MS} ms) p50 / p99 / max ${beat}. Answers over the run: ${Object.entries(
      s.byOutcome,
    )
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}; ${s.delayedByFault.toLocaleString('en-US')} delayed by the latency fault.
Single offers: ${s.injectedByCategory.single ?? 0} injected, ${single.attempts} accepts sent, ${single.won} won (the rest were taken by their rival before
a poll listed them, or the accept came after the rival).

${table(
  ['check', 'result', 'figures'],
  checks.map((c) => [c.name, c.pass ? '**PASS**' : '**FAIL**', c.detail]),
)}

Heap after GC by minute: ${heap.map((p) => `${p.t.toFixed(0)}: ${p.y.toFixed(1)}`).join(', ')} MB.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
