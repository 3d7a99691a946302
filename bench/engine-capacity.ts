/**
 * Engine capacity: how many drivers one process keeps searching at the
 * platform's pace (1 poll/s each) with p99 poll lag < 100 ms, and the CPU and memory per 1,000
 * searching drivers. Poll lag = when a poll actually started - when it was due (the previous
 * poll's start + refreshInterval, plus any backoff), as the engine's own observer reports it.
 *
 * The engine runs in this process exactly as the server builds it (LocalSearchRunner from
 * createContext, PostgreSQL in a schema of its own, the real platform client); the platform
 * simulator runs in a separate process (so its CPU is counted apart) with its defaults: 12 areas,
 * 2 new offers per area per minute, rivals, the per-token rate limit. Every driver is connected
 * through the real sign-in (PKCE, register) and has one filter over every area that no generated
 * offer meets (300.00 an hour and up), so each new offer is judged and logged as ignored once
 * per driver: polling, matching and batched log writes, no accepts. Drivers are added in steps
 * (500, 1000, 2000, 3000, 4000, 5000), each step warmed up, then measured.
 *
 *   cd bench && npx tsx --expose-gc --conditions=@blockpilot/source engine-capacity.ts [--steps 500,1000] [--measure-s 15] [--print-only]
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createContext, loadConfig, openDatabase, systemClock, type LocalSearchRunner } from '@blockpilot/server';
import { machineLine, table, writeSection } from './lib/report.js';
import {
  benchSchema,
  cliOption,
  connectDrivers,
  failedBetween,
  offerLogRows,
  percentile,
  postgresCpuBetween,
  postgresCpuByBackend,
  processCpuSeconds,
  simOutcomes,
  simulatorEnv,
  startSimulatorProcess,
} from './lib/searchFleet.js';

const option = cliOption;
const STEPS = (option('steps') ?? '500,1000,2000,3000,4000,5000').split(',').map(Number);
const WARM_S = Number(option('warm-s') ?? 10);
const MEASURE_S = Number(option('measure-s') ?? 15);
const PRINT_ONLY = process.argv.includes('--print-only');
const GOAL_USERS = 5000;
const GOAL_P99_MS = 100;
const TOKEN_KEY = randomBytes(32).toString('base64');

const fromServer = createRequire(new URL('../server/package.json', import.meta.url));
/** The server's logger, silent: the terminal is not what is measured. */
const pino = fromServer('pino') as (options: { level: string }) => Parameters<typeof createContext>[2]['log'];

/** Names the engine's database connections, so their server processes can be found. */
const APPLICATION_NAME = `bench-engine-${process.pid}`;

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0]!;
  const schema = await benchSchema(APPLICATION_NAME);
  const { child: simulator, url: simUrl } = await startSimulatorProcess();
  const database = await openDatabase({ kind: 'postgres', url: schema.url });
  const config = loadConfig({ ...simulatorEnv(simUrl), PLATFORM_TOKEN_KEY: TOKEN_KEY, DATABASE_URL: schema.url, LOG_LEVEL: 'silent' });

  let lagSamples: number[] = [];
  const ctx = createContext(config, database.db, {
    clock: systemClock,
    log: pino({ level: 'silent' }),
    engine: { timings: { resumeSpreadMs: 1000 }, observePollLag: (lag) => lagSamples.push(lag) },
  });
  const runner = ctx.search as LocalSearchRunner;

  const rows: (string | number)[][] = [];
  const results: Array<{ users: number; p99: number }> = [];
  let started = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage();

  for (const users of STEPS) {
    const setupStarted = Date.now();
    const fresh = await connectDrivers(database.db, ctx.tokenCipher, simUrl, users - started, true);
    const setupSeconds = (Date.now() - setupStarted) / 1000;
    // Spread the new drivers' first polls over one interval, as a resumed process does.
    for (const id of fresh) runner.start(id, Math.floor(Math.random() * 1000));
    started = users;
    await new Promise((resolve) => setTimeout(resolve, WARM_S * 1000));

    // The slower readings first, then every counter starts at the same moment.
    const outcomes0 = await simOutcomes(simUrl);
    const pg0 = await postgresCpuByBackend(APPLICATION_NAME);
    const logs0 = await offerLogRows(database.db);
    lagSamples = [];
    const elu0 = performance.eventLoopUtilization();
    const cpu0 = process.cpuUsage();
    const sim0 = processCpuSeconds(simulator.pid!);
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, MEASURE_S * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const sorted = Float64Array.from(lagSamples).sort();
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0).utilization;
    const simCpu = processCpuSeconds(simulator.pid!) - sim0;
    const outcomes1 = await simOutcomes(simUrl);
    const notOk = failedBetween(outcomes0, outcomes1);
    const pgCpu = postgresCpuBetween(pg0, await postgresCpuByBackend(APPLICATION_NAME));
    const logs = (await offerLogRows(database.db)) - logs0;
    gc?.();
    const memory = process.memoryUsage();
    const engineCpuPct = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
    const p99 = percentile(sorted, 0.99);
    results.push({ users, p99 });
    const figures = {
      users,
      searching: runner.size,
      pollsPerSecond: Math.round(sorted.length / seconds),
      lagP50: percentile(sorted, 0.5),
      lagP99: p99,
      lagMax: sorted[sorted.length - 1] ?? Number.NaN,
      engineCpuPct,
      eventLoopUtilization: elu,
      failedCalls: notOk,
      simCpuPct: (simCpu / seconds) * 100,
      postgresCpuPct: (pgCpu / seconds) * 100,
      logsPerSecond: Math.round(logs / seconds),
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      setupSeconds,
    };
    console.log(figures);
    const perThousand = (value: number) => (value / users) * 1000;
    rows.push([
      users.toLocaleString('en-US'),
      figures.pollsPerSecond.toLocaleString('en-US'),
      `${figures.lagP50.toFixed(1)} ms`,
      p99 < GOAL_P99_MS ? `**${p99.toFixed(1)} ms**` : `**${p99.toFixed(0)} ms** (over)`,
      `${figures.lagMax.toFixed(0)} ms`,
      `${engineCpuPct.toFixed(0)}%`,
      `${(elu * 100).toFixed(0)}%`,
      `${perThousand(engineCpuPct).toFixed(1)}%`,
      `${figures.simCpuPct.toFixed(0)}%`,
      `${figures.postgresCpuPct.toFixed(0)}%`,
      `${((memory.heapUsed - baseline.heapUsed) / 2 ** 20).toFixed(0)} MB`,
      `${(perThousand(memory.heapUsed - baseline.heapUsed) / 2 ** 20).toFixed(1)} MB`,
      `${figures.rssMb.toFixed(0)} MB`,
      figures.logsPerSecond,
      Object.keys(figures.failedCalls).length ? JSON.stringify(figures.failedCalls) : 'none',
      os.loadavg()[0]!.toFixed(1),
    ]);
  }

  await runner.close();
  await ctx.background.drain();
  await ctx.platform.close();
  await database.close();
  simulator.kill('SIGTERM');
  await schema.drop();

  const within = results.filter((r) => r.p99 < GOAL_P99_MS);
  const crossed = results.find((r) => r.p99 >= GOAL_P99_MS);
  const best = within.length ? within[within.length - 1]!.users : 0;
  const verdict = best >= GOAL_USERS ? 'met' : 'NOT met';
  console.log(`largest step with p99 poll lag < ${GOAL_P99_MS} ms: ${best} drivers (goal ${GOAL_USERS}: ${verdict})`);
  if (PRINT_ONLY) return;
  writeSection(
    'engine-capacity',
    `## Engine: capacity (\`bench/engine-capacity.ts\`)

${machineLine()}
One-minute load average when the run started: ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs, and after each step in the
last column (the machine is shared: other work on it takes cores from the engine, the simulator and
PostgreSQL, which all run here).

Drivers searched by one process at the platform's pace (1 poll/s each), added in steps, each step
warmed up ${WARM_S} s then measured ${MEASURE_S} s. The engine is the server's own
(\`LocalSearchRunner\`: one timer per driver, the real platform client over keep-alive connections,
PostgreSQL for the log); the simulator runs in its own process with its defaults (12 areas, 2 new
offers per area per minute, rivals, rate limit), all three on this machine's ${os.cpus().length} cores. Every
driver was connected through the real sign-in and has one filter over every area that no generated
offer meets, so each poll is a real call whose new offers are judged and logged as ignored once per
driver (batched per poll); no accepts. Poll lag = actual start of a poll - when it was due (the
previous poll's start + refreshInterval), from the engine's own observer. Memory is the engine's heap
growth over the empty process, after a forced GC.

Goal: ${GOAL_USERS.toLocaleString('en-US')} drivers with p99 poll lag < ${GOAL_P99_MS} ms: **${verdict}** (largest step within it: ${best.toLocaleString('en-US')}${crossed ? `; p99 first crossed ${GOAL_P99_MS} ms at ${crossed.users.toLocaleString('en-US')}` : `; p99 never crossed ${GOAL_P99_MS} ms`}).

${table(['drivers', 'polls/s', 'lag p50', 'lag p99', 'lag max', 'engine CPU (1 core = 100%)', 'engine event loop busy', 'engine CPU per 1,000', 'simulator CPU', 'PostgreSQL CPU', 'engine heap', 'heap per 1,000', 'engine RSS', 'log rows/s', 'failed platform calls', 'machine load (1 min)'], rows)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
