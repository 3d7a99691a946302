/**
 * The live race: how fast the server's own engine answers an offer it wants, measured by the
 * platform's side of the wire, with 1, 100, 1,000 and 3,000 drivers searching in one process.
 *
 * Latency of one offer = when the simulator received the AcceptOffer (`AcceptRecord.arrivedAt`)
 * - when it finished sending the first offers listing that held the offer to that driver's
 * account (`AcceptRecord.listedAt`); both stamped by the simulator, in real time with a fraction
 * of a millisecond. It includes everything a driver's race includes on this machine: the listing
 * crossing loopback into the engine's socket, the engine's event loop getting to it (while it
 * serves the other drivers' polls, log writes and timers), reading and parsing the body,
 * judging the offers, writing the AcceptOffer on a pooled connection, and the simulator's own
 * event loop getting to that request.
 *
 * The engine runs in this process exactly as the server builds it (`createContext` with its
 * LocalSearchRunner, PostgreSQL in a schema of its own, the real platform client over keep-alive
 * connections); the simulator runs in another process. Every driver is connected through the
 * real sign-in and has ONE filter that only its own race offers meet: a start window of 2 h 45 min
 * (one of 8 a day), an exact duration (one of 7: 1 to 4 h) and an exact pay per hour (one of 80:
 * 60.00 to 297.00), which gives 4,480 distinct filters, none met by a generated offer (those pay
 * at most 52.50 an hour). Each race offer is injected through the control API into one of its
 * driver's eligible areas with that driver's start window, duration and pay, on a day of its own
 * (so a won block never overlaps the driver's next race offer): every driver polling that area
 * sees it (and logs it as ignored), exactly one of ours wants it. The run checks that: an accept
 * by any other of our drivers is reported. Offers are spread over the drivers (round robin in a
 * shuffled order), at most one per driver per `--driver-gap-ms`, evenly over the step.
 *
 * The rival: `--rival-ms R` is a rival that takes the offer R ms after it was first listed (a
 * fast open-source grabber) polling with the driver, judged from the simulator's stamps: won
 * when arrivedAt - listedAt < R (the listing to THIS driver's account), lost otherwise. The
 * simulator's own rivals do not fit: `rivalDelayMs` counts from the injection, and
 * `rivalAfterListedMs` from the first listing to ANY account, and every area here is polled by
 * many of our drivers whose filters ignore the offer, so the rival would take it before the one
 * driver it is meant for had polled (a race against the whole fleet, not against one grabber).
 * The simulator's own answer to each accept is reported beside it.
 *
 * Rate limit: the platform's 20 requests per 10 s lets a driver win about one block per 10 s (a
 * win costs the accept and a schedule read on top of the polls), so a single driver would race
 * 4 offers in 40 s. The race raises the limit on both sides (`--rate-limit`, default 100 per
 * 10 s: the simulator's limit and the engine's PLATFORM_RATE_LIMIT_MAX, from which the engine
 * sizes its request budget as in production), so one driver can take an offer per poll; the
 * throttled answers (`rate_limited`) must still be zero. The simulator's generated offers stay on
 * (2 per area per minute, rivals after 15 s on average) as background every driver judges.
 *
 * The simulator stamps `listedAt` right after the listing's `res.end()` returns (its body handed to
 * the socket; it used to be the response's 'finish' event, which its event loop can run late); each
 * offer is also timed from the moment the simulator decided the listing's answer
 * (`AcceptRecord.listedAnsweredAt`), an upper bound that includes serialising and writing the page.
 *
 * Also per step: polls faster than the refreshInterval (the simulator's own count, and the gaps
 * between consecutive poll arrivals per account computed from its record), throttled answers, the
 * engine's CPU, event-loop busy share and delay, poll lag, PostgreSQL's CPU, and the simulator's CPU,
 * time to answer a poll and responsiveness (a heartbeat request every 50 ms from the control
 * thread). The control thread reads the simulator's record every 250 ms into a small ring
 * (`--record-size`): the simulator serves nothing else while it serialises a page of its record,
 * and a large record makes its heap, and its GC pauses, large (a 210,000-entry ring, read once per
 * step, gave 3,000 drivers heartbeat stalls of 230 ms).
 *
 * `--trace` runs the same race with the engine's platform client wrapped with time stamps, to show
 * where the time goes (listing sent -> engine has the parsed page -> acceptOffer called -> accept
 * arrives; the two processes' clocks are matched with probe requests first), and writes only the
 * `race-trace` section, so the headline figures always come from an untouched engine.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source race.ts [--drivers 1,100,1000,3000] [--warm-s 10] [--measure-s 30]
 *     [--max-measure-s 60] [--offers 300] [--driver-gap-ms 1100] [--rival-ms 2] [--rate-limit 100]
 *     [--areas 100] [--record-size 20000] [--read-every-ms 250] [--trace] [--max-minutes 45] [--print-only]
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import http from 'node:http';
import os from 'node:os';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createContext, loadConfig, openDatabase, systemClock, type LocalSearchRunner, type PlatformClient, type WorkCredentials } from '@blockpilot/server';
import { MAX_DRIVERS, ownFilter, ownOffer } from './lib/driverOffers.js';
import { boundedRun } from './lib/boundedRun.js';
import { machineLine, table, writeSection } from './lib/report.js';
import {
  benchSchema,
  cliOption,
  connectDriversWith,
  percentile,
  postgresCpuBetween,
  postgresCpuByBackend,
  processCpuSeconds,
  processRssBytes,
  simulatorEnv,
  startSimulatorProcess,
  type ConnectedDriver,
} from './lib/searchFleet.js';
import { SimControl, type InjectPlan, type WindowSummary } from './lib/simControl.js';

const option = cliOption;
const STEPS = (option('drivers') ?? '1,100,1000,3000').split(',').map(Number);
const WARM_S = Number(option('warm-s') ?? 10);
const MEASURE_S = Number(option('measure-s') ?? 30);
const MAX_MEASURE_S = Number(option('max-measure-s') ?? 60);
const OFFERS = Number(option('offers') ?? 300);
const DRIVER_GAP_MS = Number(option('driver-gap-ms') ?? 1100);
const RIVAL_MS = Number(option('rival-ms') ?? 2);
const RATE_LIMIT = Number(option('rate-limit') ?? 100);
const RATE_WINDOW_MS = 10_000;
const AREAS = Number(option('areas') ?? 100);
const MAX_MINUTES = Number(option('max-minutes') ?? 45);
const TRACE = process.argv.includes('--trace');
/** The simulator's record (each of its two ring buffers): read every READ_EVERY_MS, it only has to hold that long. */
const RECORD_SIZE = Number(option('record-size') ?? 20_000);
const READ_EVERY_MS = Number(option('read-every-ms') ?? 250);
const PRINT_ONLY = process.argv.includes('--print-only');
const LOG_LEVEL = option('log-level') ?? 'silent';
/** After the last injection: time for its listing (one poll interval) and the accept. */
const DRAIN_MS = 3000;
const REFRESH_INTERVAL_MS = 1000;
/** The control thread times a tiny request to the simulator this often (its responsiveness). */
const HEARTBEAT_MS = 50;
/** Sampling interval of the engine's event-loop delay histogram; its values include it. */
const LOOP_RESOLUTION_MS = 10;
const GOALS: Array<{ drivers: number; p99Ms: number }> = [
  { drivers: 1, p99Ms: 1 },
  { drivers: 1000, p99Ms: 5 },
];
const TOKEN_KEY = randomBytes(32).toString('base64');

const fromServer = createRequire(new URL('../server/package.json', import.meta.url));
/** The server's logger, silent unless asked: the terminal is not what is measured. */
const pino = fromServer('pino') as (options: { level: string }) => Parameters<typeof createContext>[2]['log'];
const APPLICATION_NAME = `bench-race-${process.pid}`;

/** Real time with a fraction of a millisecond, on the same footing as the simulator's stamps. */
const preciseNow = () => performance.timeOrigin + performance.now();

// ---- Each driver's own offers -------------------------------------------------------------

interface RaceDriver extends ConnectedDriver {
  /** Index over the whole run (the filter slot). */
  ordinal: number;
  instanceId: string;
  offersSent: number;
}

function raceOffer(driver: RaceDriver, offerId: string): InjectPlan['input'] {
  const area = driver.eligibleAreaIds[Math.floor(Math.random() * driver.eligibleAreaIds.length)]!;
  return { ...ownOffer(driver.ordinal, driver.offersSent++, area), offerId };
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---- Engine-side time stamps (--trace) ------------------------------------------------------

interface TraceMarks {
  /** The engine's client returned the parsed page that first held the offer for its driver. */
  received?: number;
  /** The engine called acceptOffer for it. */
  acceptCalled?: number;
}

/** Wraps the client's getOffers and acceptOffer with time stamps for the offers in `watched`. */
function traceClient(client: PlatformClient, watched: Map<string, { instanceId: string; marks: TraceMarks }>): void {
  const getOffers = client.getOffers.bind(client);
  const acceptOffer = client.acceptOffer.bind(client);
  const patched = client as { -readonly [K in keyof PlatformClient]: PlatformClient[K] };
  patched.getOffers = async (credentials: WorkCredentials, areas: readonly string[]) => {
    const page = await getOffers(credentials, areas);
    const at = preciseNow();
    if (page.ok) {
      for (const offer of page.value.offers) {
        const entry = watched.get(offer.offerId);
        if (entry && entry.instanceId === credentials.instanceId && entry.marks.received === undefined) entry.marks.received = at;
      }
    }
    return page;
  };
  patched.acceptOffer = (credentials: WorkCredentials, offerId: string) => {
    const entry = watched.get(offerId);
    if (entry && entry.marks.acceptCalled === undefined) entry.marks.acceptCalled = preciseNow();
    return acceptOffer(credentials, offerId);
  };
}

/**
 * The simulator's real-time stamps minus this process's (each process adds its own origin, read
 * once from the wall clock, which on this machine steps by up to 15 ms): requests whose arrival
 * the simulator stamps, each between our send and our receipt; the quickest round trip bounds it
 * best. Returns the midpoint and half the width of that bound.
 */
async function simClockOffset(simUrl: string): Promise<{ offsetMs: number; uncertaintyMs: number }> {
  const position = (await (await fetch(`${simUrl}/__control/record?since=${Number.MAX_SAFE_INTEGER}&limit=1`)).json()) as { nextSeq: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const probes = new Map<string, { sent: number; received: number }>();
  const tag = randomBytes(4).toString('hex');
  try {
    for (let i = 0; i < 50; i++) {
      const id = `clock-probe-${tag}-${i}`;
      const sent = preciseNow();
      await new Promise<void>((resolve, reject) => {
        const req = http.request(`${simUrl}/eligibleServiceAreas`, { agent, headers: { 'x-sim-client': id } }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end();
      });
      probes.set(id, { sent, received: preciseNow() });
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  } finally {
    agent.destroy();
  }
  const page = (await (await fetch(`${simUrl}/__control/record?since=${position.nextSeq}`)).json()) as { requests: Array<{ clientId: string | null; arrivedAtMs: number }> };
  let best: { low: number; high: number } | null = null;
  for (const r of page.requests) {
    const probe = r.clientId === null ? undefined : probes.get(r.clientId);
    if (!probe) continue;
    const bound = { low: r.arrivedAtMs - probe.received, high: r.arrivedAtMs - probe.sent };
    if (!best || bound.high - bound.low < best.high - best.low) best = bound;
  }
  if (!best) throw new Error('no clock probe found in the record');
  return { offsetMs: (best.low + best.high) / 2, uncertaintyMs: (best.high - best.low) / 2 };
}

// ---- The run ----------------------------------------------------------------------------------

interface StepResult {
  drivers: number;
  injected: number;
  accepted: number;
  missed: number;
  contestedByOthers: number;
  latencies: Float64Array;
  /** The same from the moment the simulator decided the listing's answer (immune to a late send stamp). */
  latenciesFromAnswer: Float64Array;
  won: number;
  lost: number;
  simWon: number;
  simLost: Record<string, number>;
  unlisted: number;
  throttled: number;
  fastPolls: number;
  simFastPolls: number | null;
  minPollGapMs: number | null;
  engineCpuPct: number;
  elu: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gcMaxMs: number;
  gcTotalMs: number;
  pollLagP99Ms: number;
  simCpuPct: number;
  simRssMb: number;
  postgresCpuPct: number;
  simServeP50: number;
  simServeP99: number;
  simAnswerP50: number;
  simAnswerP99: number;
  heartbeatP50: number;
  heartbeatP99: number;
  heartbeatMax: number;
  seconds: number;
  load: number;
  lostRecords: number;
  trace: { toEngine: Float64Array; decide: Float64Array; toSim: Float64Array } | null;
}

/** Offset of the simulator's stamps over ours (--trace). */
let clock = { offsetMs: 0, uncertaintyMs: 0 };

const ms = (value: number, digits = 2) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');
const sortedOf = (values: number[]) => Float64Array.from(values).sort();

async function main(): Promise<void> {
  const maxStep = Math.max(...STEPS);
  if (maxStep > MAX_DRIVERS) throw new Error(`at most ${MAX_DRIVERS} drivers have filters of their own`);
  const loadAtStart = os.loadavg()[0]!;
  // Bounded whatever happens: past the limit (run, set-up and a margin), everything started is stopped.
  const { cleanups, cleanup, finish } = boundedRun('race', MAX_MINUTES * 60_000);

  const results: StepResult[] = [];
  try {
    const schema = await benchSchema(APPLICATION_NAME);
    cleanups.push(() => schema.drop());
    const { child: simulator, url: simUrl } = await startSimulatorProcess([
      '--rate-limit',
      String(RATE_LIMIT),
      '--rate-window-ms',
      String(RATE_WINDOW_MS),
      '--areas',
      String(AREAS),
      '--record-size',
      String(RECORD_SIZE),
    ]);
    cleanups.push(() => simulator.kill('SIGTERM'));
    const database = await openDatabase({ kind: 'postgres', url: schema.url });
    cleanups.push(() => database.close());
    const config = loadConfig({
      ...simulatorEnv(simUrl),
      PLATFORM_TOKEN_KEY: TOKEN_KEY,
      DATABASE_URL: schema.url,
      LOG_LEVEL,
      PLATFORM_RATE_LIMIT_MAX: String(RATE_LIMIT),
      PLATFORM_RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
    });
    let lagSamples: number[] = [];
    const ctx = createContext(config, database.db, {
      clock: systemClock,
      log: pino({ level: LOG_LEVEL }),
      engine: { timings: { resumeSpreadMs: 1000 }, observePollLag: (lag) => lagSamples.push(lag) },
    });
    cleanups.push(() => ctx.platform.close());
    cleanups.push(() => ctx.background.drain());
    const runner = ctx.search as LocalSearchRunner;
    cleanups.push(() => runner.close());
    const control = SimControl.start(simUrl, { refreshIntervalMs: REFRESH_INTERVAL_MS, heartbeatEveryMs: HEARTBEAT_MS, readEveryMs: READ_EVERY_MS });
    cleanups.push(() => control.close());
    const watched = new Map<string, { instanceId: string; marks: TraceMarks }>();
    if (TRACE) {
      traceClient(ctx.platform.client('NA'), watched);
      clock = await simClockOffset(simUrl);
      console.log(`clock offset simulator - engine: ${clock.offsetMs.toFixed(3)} ± ${clock.uncertaintyMs.toFixed(3)} ms`);
    }

    const drivers: RaceDriver[] = [];
    for (const target of STEPS) {
      const setupStarted = Date.now();
      const fresh = await connectDriversWith(database.db, ctx.tokenCipher, simUrl, target - drivers.length, {
        searching: true,
        feeFree: true,
        eligibleAreas: true,
        filter: (index, areaIds) => ownFilter(drivers.length + index, areaIds),
      });
      const instanceIds = new Map<string, string>();
      if (fresh.length) {
        const rows = await database.db
          .selectFrom('platform_accounts')
          .select(['user_id', 'instance_id'])
          .where(
            'user_id',
            'in',
            fresh.map((d) => d.userId),
          )
          .execute();
        for (const row of rows) instanceIds.set(row.user_id, row.instance_id);
      }
      const base = drivers.length;
      for (const d of fresh) drivers.push({ ...d, ordinal: base + d.index, instanceId: instanceIds.get(d.userId)!, offersSent: 0 });
      console.log(`${target} drivers: ${fresh.length} connected in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
      // Spread the new drivers' first polls over one interval, as a resumed process does.
      for (const d of fresh) runner.start(d.userId, Math.floor(Math.random() * 1000));
      await new Promise((resolve) => setTimeout(resolve, WARM_S * 1000));

      // The plan: offers evenly over the step, round robin over the drivers in a shuffled order.
      const seconds = Math.min(MAX_MEASURE_S, Math.max(MEASURE_S, (OFFERS * DRIVER_GAP_MS) / 1000 / drivers.length));
      const count = Math.min(OFFERS, Math.floor((seconds * 1000) / DRIVER_GAP_MS) * drivers.length);
      const spacing = (seconds * 1000) / count;
      const order = shuffled(drivers);
      await control.mark(); // the step's window starts here
      const t0 = Date.now() + 200;
      const byOffer = new Map<string, RaceDriver>();
      const plans: InjectPlan[] = [];
      for (let j = 0; j < count; j++) {
        const driver = order[j % order.length]!;
        const offerId = randomBytes(27).toString('base64url');
        byOffer.set(offerId, driver);
        if (TRACE) watched.set(offerId, { instanceId: driver.instanceId, marks: {} });
        const jitter = drivers.length > 1 ? Math.random() * spacing * 0.5 : 0;
        plans.push({ at: t0 + j * spacing + jitter, input: raceOffer(driver, offerId), tag: offerId });
      }

      lagSamples = [];
      const pg0 = await postgresCpuByBackend(APPLICATION_NAME);
      const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      loopDelay.enable();
      const gcPauses: number[] = [];
      const gcObserver = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) gcPauses.push(entry.duration);
      });
      gcObserver.observe({ entryTypes: ['gc'] });
      const elu0 = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      const sim0 = processCpuSeconds(simulator.pid!);
      const started = performance.now();
      const injected = await control.inject(plans);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      const elapsed = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const elu = performance.eventLoopUtilization(elu0).utilization;
      loopDelay.disable();
      gcObserver.disconnect();
      const simCpu = processCpuSeconds(simulator.pid!) - sim0;
      const pgCpu = postgresCpuBetween(pg0, await postgresCpuByBackend(APPLICATION_NAME));
      const lags = sortedOf(lagSamples);
      const summary = await control.read();

      const failedInjections = injected.filter((i) => i.offerId === null);
      if (failedInjections.length) console.warn(`${failedInjections.length} injections failed, e.g. ${failedInjections[0]!.error}`);
      results.push(
        judgeStep(
          drivers.length,
          injected.filter((i) => i.offerId !== null).map((i) => i.offerId!),
          byOffer,
          summary,
          watched,
          {
            engineCpuPct: ((cpu.user + cpu.system) / 1e6 / elapsed) * 100,
            elu,
            // The histogram's values include its own sampling interval.
            loopDelayP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
            loopDelayMaxMs: Math.max(0, loopDelay.max / 1e6 - LOOP_RESOLUTION_MS),
            gcMaxMs: Math.max(0, ...gcPauses),
            gcTotalMs: gcPauses.reduce((a, b) => a + b, 0),
            pollLagP99Ms: percentile(lags, 0.99),
            simCpuPct: (simCpu / elapsed) * 100,
            simRssMb: processRssBytes(simulator.pid!) / 2 ** 20,
            postgresCpuPct: (pgCpu / elapsed) * 100,
            seconds: elapsed,
            load: os.loadavg()[0]!,
          },
        ),
      );
      watched.clear();
      const r = results[results.length - 1]!;
      console.log({
        drivers: r.drivers,
        injected: r.injected,
        accepted: r.accepted,
        missed: r.missed,
        contestedByOthers: r.contestedByOthers,
        p50: percentile(r.latencies, 0.5),
        p95: percentile(r.latencies, 0.95),
        p99: percentile(r.latencies, 0.99),
        max: r.latencies[r.latencies.length - 1],
        fromAnswer: [0.5, 0.99].map((q) => percentile(r.latenciesFromAnswer, q).toFixed(3)).join(' / '),
        simAnswer: `${r.simAnswerP50.toFixed(3)} / ${r.simAnswerP99.toFixed(3)}`,
        simServe: `${r.simServeP50.toFixed(3)} / ${r.simServeP99.toFixed(3)}`,
        heartbeat: `${r.heartbeatP50.toFixed(2)} / ${r.heartbeatP99.toFixed(2)} / ${r.heartbeatMax.toFixed(1)}`,
        loopDelayMaxMs: r.loopDelayMaxMs.toFixed(1),
        gc: `max ${r.gcMaxMs.toFixed(1)} ms, total ${r.gcTotalMs.toFixed(0)} ms`,
        won: r.won,
        lost: r.lost,
        throttled: r.throttled,
        fastPolls: r.fastPolls,
        simFastPolls: r.simFastPolls,
        minPollGapMs: r.minPollGapMs?.toFixed(1),
        engineCpuPct: Math.round(r.engineCpuPct),
        elu: r.elu.toFixed(2),
        loopDelayP99Ms: r.loopDelayP99Ms.toFixed(1),
        pollLagP99Ms: r.pollLagP99Ms.toFixed(1),
        simCpuPct: Math.round(r.simCpuPct),
        simRssMb: Math.round(r.simRssMb),
        load: r.load.toFixed(2),
        ...(r.trace
          ? {
              // Raw: each includes the offset between the two processes' clocks (corrected in the report).
              traceToEngineRaw: [percentile(r.trace.toEngine, 0.5), percentile(r.trace.toEngine, 0.99)].map((v) => v.toFixed(3)).join(' / '),
              traceDecide: [percentile(r.trace.decide, 0.5), percentile(r.trace.decide, 0.99)].map((v) => v.toFixed(3)).join(' / '),
              traceToSimRaw: [percentile(r.trace.toSim, 0.5), percentile(r.trace.toSim, 0.99)].map((v) => v.toFixed(3)).join(' / '),
            }
          : {}),
      });
    }
  } finally {
    finish();
    await cleanup();
  }
  report(results, loadAtStart);
}

function judgeStep(
  drivers: number,
  offerIds: string[],
  byOffer: Map<string, RaceDriver>,
  summary: WindowSummary,
  watched: Map<string, { instanceId: string; marks: TraceMarks }>,
  readings: Pick<
    StepResult,
    'engineCpuPct' | 'elu' | 'loopDelayP99Ms' | 'loopDelayMaxMs' | 'gcMaxMs' | 'gcTotalMs' | 'pollLagP99Ms' | 'simCpuPct' | 'simRssMb' | 'postgresCpuPct' | 'seconds' | 'load'
  >,
): StepResult {
  const acceptsByOffer = new Map<string, WindowSummary['accepts']>();
  for (const accept of summary.accepts) {
    const list = acceptsByOffer.get(accept.offerId) ?? [];
    list.push(accept);
    acceptsByOffer.set(accept.offerId, list);
  }
  const latencies: number[] = [];
  const fromAnswer: number[] = [];
  const toEngine: number[] = [];
  const decide: number[] = [];
  const toSim: number[] = [];
  let missed = 0;
  let contestedByOthers = 0;
  let won = 0;
  let lost = 0;
  let simWon = 0;
  let unlisted = 0;
  const simLost: Record<string, number> = {};
  for (const offerId of offerIds) {
    const driver = byOffer.get(offerId)!;
    const accepts = acceptsByOffer.get(offerId) ?? [];
    if (accepts.some((a) => a.accountId !== driver.accountId)) contestedByOthers++;
    const first = accepts.find((a) => a.accountId === driver.accountId);
    if (!first) {
      missed++;
      continue;
    }
    if (first.won) simWon++;
    else simLost[first.reason ?? 'unknown'] = (simLost[first.reason ?? 'unknown'] ?? 0) + 1;
    if (first.listedAt === null) {
      unlisted++;
      continue;
    }
    const latency = first.arrivedAt - first.listedAt;
    latencies.push(latency);
    if (first.listingAnsweredAt !== null) fromAnswer.push(first.arrivedAt - first.listingAnsweredAt);
    if (latency < RIVAL_MS) won++;
    else lost++;
    const marks = watched.get(offerId)?.marks;
    if (marks?.received !== undefined && marks.acceptCalled !== undefined) {
      // Across processes these two include the offset between the processes' clocks (see report()).
      toEngine.push(marks.received - first.listedAt);
      decide.push(marks.acceptCalled - marks.received);
      toSim.push(first.arrivedAt - marks.acceptCalled);
    }
  }
  const serve = sortedOf(summary.pollServeMs);
  const answer = sortedOf(summary.pollAnswerMs);
  const heartbeat = sortedOf(summary.heartbeatMs);
  return {
    drivers,
    injected: offerIds.length,
    accepted: offerIds.length - missed,
    missed,
    contestedByOthers,
    latencies: sortedOf(latencies),
    latenciesFromAnswer: sortedOf(fromAnswer),
    won,
    lost,
    simWon,
    simLost,
    unlisted,
    throttled: summary.byOutcome.rate_limited ?? 0,
    fastPolls: summary.pollsFasterThanInterval,
    simFastPolls: summary.simTooFastPolls,
    minPollGapMs: summary.minPollGapMs,
    simServeP50: percentile(serve, 0.5),
    simServeP99: percentile(serve, 0.99),
    simAnswerP50: percentile(answer, 0.5),
    simAnswerP99: percentile(answer, 0.99),
    heartbeatP50: percentile(heartbeat, 0.5),
    heartbeatP99: percentile(heartbeat, 0.99),
    heartbeatMax: heartbeat[heartbeat.length - 1] ?? Number.NaN,
    lostRecords: summary.lostRecords,
    trace: toEngine.length ? { toEngine: sortedOf(toEngine), decide: sortedOf(decide), toSim: sortedOf(toSim) } : null,
    ...readings,
  };
}

function report(results: StepResult[], loadAtStart: number): void {
  const goalLines = GOALS.map(({ drivers, p99Ms }) => {
    const step = results.find((r) => r.drivers === drivers);
    const who = `${drivers.toLocaleString('en-US')} driver${drivers === 1 ? '' : 's'} per process`;
    if (!step || step.latencies.length === 0) return `p99 < ${p99Ms} ms with ${who}: not measured`;
    const p99 = percentile(step.latencies, 0.99);
    const fromAnswer = percentile(step.latenciesFromAnswer, 0.99);
    return `p99 < ${p99Ms} ms with ${who}: **${p99 < p99Ms ? 'met' : 'NOT met'}** (${ms(p99)}; from the listing's answer ${ms(fromAnswer)})`;
  });
  for (const line of goalLines) console.log(line.replaceAll('**', ''));
  const rows = results.map((r) => [
    r.drivers.toLocaleString('en-US'),
    `${r.injected}${r.missed ? ` (${r.missed} not accepted)` : ''}${r.contestedByOthers ? `, ${r.contestedByOthers} also taken by another of ours` : ''}${r.unlisted ? `, ${r.unlisted} accepted with no listing stamp` : ''}${r.lostRecords ? `, ${r.lostRecords} records lost` : ''}`,
    ms(percentile(r.latencies, 0.5)),
    `**${ms(percentile(r.latencies, 0.99))}**`,
    ms(r.latencies[r.latencies.length - 1] ?? Number.NaN),
    `${ms(percentile(r.latenciesFromAnswer, 0.5))} / ${ms(percentile(r.latenciesFromAnswer, 0.99))}`,
    `${r.won} / ${r.lost}`,
    `${r.simWon} / ${Object.values(r.simLost).reduce((a, b) => a + b, 0)}${
      Object.keys(r.simLost).length
        ? ` (${Object.entries(r.simLost)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : ''
    }`,
    r.throttled,
    `${r.fastPolls} / ${r.simFastPolls ?? 'n/a'}${r.minPollGapMs !== null ? ` (least gap ${r.minPollGapMs.toFixed(0)} ms)` : ''}`,
    `${r.engineCpuPct.toFixed(0)}%`,
    `${(r.elu * 100).toFixed(0)}%`,
    `${ms(r.loopDelayP99Ms, 1)} / ${ms(r.loopDelayMaxMs, 0)}`,
    `${ms(r.gcMaxMs, 1)} / ${(r.gcTotalMs / r.seconds / 10).toFixed(1)}%`,
    ms(r.pollLagP99Ms, 1),
    `${r.simCpuPct.toFixed(0)}% / ${r.simRssMb.toFixed(0)} MB`,
    `${ms(r.simAnswerP50, 2)} / ${ms(r.simAnswerP99, 2)}`,
    `${ms(r.heartbeatP50, 2)} / ${ms(r.heartbeatP99, 1)} / ${ms(r.heartbeatMax, 0)}`,
    `${r.postgresCpuPct.toFixed(0)}%`,
    r.load.toFixed(2),
  ]);
  const traced = results.filter((r) => r.trace);
  const offset = clock.offsetMs;
  const shift = (values: Float64Array, by: number) => values.map((v) => v + by);
  const traceRows = traced.map((r) => {
    const toEngine = shift(r.trace!.toEngine, offset);
    const toSim = shift(r.trace!.toSim, -offset);
    const early = toEngine.filter((v) => v < -clock.uncertaintyMs).length;
    return [
      r.drivers.toLocaleString('en-US'),
      `${ms(percentile(toEngine, 0.5), 3)} / ${ms(percentile(toEngine, 0.99), 3)}`,
      `${ms(percentile(r.trace!.decide, 0.5), 3)} / ${ms(percentile(r.trace!.decide, 0.99), 3)}`,
      `${ms(percentile(toSim, 0.5), 3)} / ${ms(percentile(toSim, 0.99), 3)}`,
      `${early} of ${toEngine.length}`,
      `${ms(percentile(r.latencies, 0.5))} / ${ms(percentile(r.latencies, 0.99))}`,
      `${ms(r.heartbeatP50, 2)} / ${ms(r.heartbeatP99, 1)} / ${ms(r.heartbeatMax, 0)}`,
      `${ms(r.loopDelayP99Ms, 1)} / ${ms(r.loopDelayMaxMs, 0)}`,
      ms(r.gcMaxMs, 1),
      r.load.toFixed(2),
    ];
  });
  for (const row of traceRows) console.log(`trace ${row[0]} drivers: to engine ${row[1]}, decide ${row[2]}, to simulator ${row[3]}, page parsed before its send stamp ${row[4]}`);
  if (PRINT_ONLY) return;
  if (TRACE) {
    // A traced run writes only its own section: the headline figures come from an untouched engine.
    writeSection(
      'race-trace',
      `### Where the race's time goes (\`bench/race.ts --trace\`)

${machineLine()} A separate run of the race with the engine's
platform client wrapped with time stamps (a few microseconds per call); one-minute load average
${loadAtStart.toFixed(2)} at the start, after each step in the last column. p50 / p99 over the race offers of
each step: listing sent (the simulator's stamp) → the engine's client has the parsed page (loopback,
the engine's event loop getting to the socket, reading the body, JSON.parse, normalising) → the engine
calls acceptOffer (the triage: seen offers, matching, ranking, schedule, fee, budget) → the
AcceptOffer arrives at the simulator (headers, the write on a pooled connection, loopback, the
simulator's event loop getting to it). The middle column is one process's clock; the outer two
compare the stamps of two processes, whose real-time clocks differ by a constant offset (each
process reads its origin once from the wall clock, which on this machine steps by up to 15 ms
against the monotonic clock), measured at the start with 50 probe requests the simulator stamps on
arrival: ${offset.toFixed(3)} ms ± ${clock.uncertaintyMs.toFixed(3)} ms. "Page parsed before its send stamp": offers whose
listing the engine had parsed more than that uncertainty BEFORE the simulator's \`listedAt\`, i.e.
listings the simulator stamped late (its send stamp is taken right after the response's \`res.end()\`
returns, so this should stay at zero); the race latency of those offers is too short by as much.

${table(
  [
    'drivers',
    'listing sent → page parsed in the engine',
    'page → acceptOffer called',
    'acceptOffer called → arrival at the simulator',
    'page parsed before its send stamp',
    'race latency p50 / p99 (this run)',
    'simulator heartbeat p50 / p99 / max',
    'engine event-loop delay p99 / max',
    'engine longest GC pause',
    'load (1 min)',
  ],
  traceRows,
)}`,
    );
    return;
  }
  writeSection(
    'race',
    `## Engine: the live race (\`bench/race.ts\`)

${machineLine()}
One-minute load average when the run started: ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs, and after each step in the
last column (the machine is shared: other work takes cores from the engine, the simulator and PostgreSQL, which all run here).

**Which figure a driver feels: this one, not the decision overhead above.** The decision benchmark
times the engine's own CPU work on a listing already in memory (parse, match, rank, pick, build the
body): a few microseconds for a one-offer listing. A block is won or lost on the race: from the
moment the platform finished sending the listing to the moment the AcceptOffer reaches the
platform. The race contains the decision, and also the listing crossing the network into the
engine's socket, undici reading the body, the wait until the engine's event loop gets to it (at
1,000 drivers per process it is busy with other drivers' polls, log writes and timers; a 10 ms
stretch of other work ahead of a listing is 10 ms lost), writing the AcceptOffer on a pooled
keep-alive connection, and the platform's side picking it up (here the simulator's event loop, as
busy as the engine's). Here both sides share one machine's 2 cores over loopback; against the real
platform add the network round trip, which no engine change removes. The decision is a lower bound
of the race; the section below (\`--trace\`) shows how little of the race it is.

Latency = the simulator's arrival stamp of the AcceptOffer - the end of sending of the first
listing that held the offer to that driver's account (\`AcceptRecord.arrivedAt - listedAt\`, both
real time, sub-millisecond, taken by the simulator). The simulator takes the send stamp right after
the listing's \`res.end()\` returns (the body handed to the socket), not in the response's 'finish'
event, which its event loop sometimes runs late; the next column measures from when the simulator
decided the listing's answer (\`AcceptRecord.listedAnsweredAt\`), which includes serialising and
sending the listing: an upper bound. The engine is the server's own (\`createContext\`:
LocalSearchRunner, the real platform client, PostgreSQL in a schema of its own) in this process;
the simulator in its own (${AREAS} service areas, generated offers at its default rate as background,
none of which meets any filter). Each driver was connected through the real sign-in and has one
filter of its own (start window, exact duration, exact pay per hour; 4,480 distinct), so each race
offer, injected into one of its driver's eligible areas through the control API (from a worker
thread), is seen by every driver polling that area and wanted by exactly one of ours (checked: an
accept by another of ours would show in the offers column). Drivers are added in steps, each warmed
up ${WARM_S} s; then ${OFFERS} race offers (fewer where one offer per driver per ${DRIVER_GAP_MS} ms cannot reach
that within ${MAX_MEASURE_S} s) over at least ${MEASURE_S} s, plus ${DRAIN_MS / 1000} s for the last ones. The control thread reads the
simulator's record every ${READ_EVERY_MS} ms into a ring of ${RECORD_SIZE.toLocaleString('en-US')} entries (the simulator serves nothing else while
it serialises a page of its record, and a large record makes its heap and GC pauses large).

Rival: a grabber that takes the offer ${RIVAL_MS} ms after it was listed to the driver it is meant for,
judged from the stamps (won when the latency is below ${RIVAL_MS} ms). The simulator's own rivals count
from the injection (\`rivalDelayMs\`) or from the first listing to any account (\`rivalAfterListedMs\`),
and each area here is polled by many of our drivers, so they would take the offer before its driver
had polled; the simulator's own answers are shown beside it (race offers carry no simulator rival, so
it books them all). Rate limit: ${RATE_LIMIT} requests per
${RATE_WINDOW_MS / 1000} s on both sides (the simulator's limit and the engine's \`PLATFORM_RATE_LIMIT_MAX\`, from which the
engine sizes its request budget as in production): at the platform's 20, a driver can win about one
block per 10 s, too few races for one driver. Polls faster than the refreshInterval: consecutive
offers-poll arrivals of one account less than ${REFRESH_INTERVAL_MS} ms apart, from the simulator's record / the
simulator's own count. Simulator heartbeat: round trips of a tiny request sent every ${HEARTBEAT_MS} ms from
the control thread: a stall of the simulator (garbage collection, a burst of work) shows there.
Engine event-loop delay: how late a ${LOOP_RESOLUTION_MS} ms timer fired (\`monitorEventLoopDelay\`), beyond its interval.

${goalLines.map((l) => `Goal: ${l}.`).join('\n')}

${table(
  [
    'drivers',
    'race offers',
    'latency p50',
    'latency p99',
    'latency max',
    "from the listing's answer p50 / p99",
    `won / lost vs a ${RIVAL_MS} ms rival`,
    "simulator's answers: won / lost",
    'throttled (rate_limited)',
    'polls faster than refreshInterval (record / simulator)',
    'engine CPU (1 core = 100%)',
    'engine event loop busy',
    'engine event-loop delay p99 / max',
    'engine GC: longest pause / share of time',
    'poll lag p99',
    'simulator CPU / RSS',
    'simulator: answering a poll p50 / p99',
    'simulator heartbeat p50 / p99 / max',
    'PostgreSQL CPU',
    'load (1 min)',
  ],
  rows,
)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
