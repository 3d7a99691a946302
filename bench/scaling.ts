/**
 * Scale-out: drivers searched at the platform's pace (1 poll/s each) by ONE search
 * worker, then by THREE worker processes sharing the BullMQ queue on Redis (scaling efficiency),
 * with the p99 poll lag, the CPU and memory per 1,000 drivers, and the Redis operations per poll
 * (INFO commandstats deltas: every command Redis ran, Lua scripts' inner calls included).
 *
 * Each worker is the server's own (`startSearchWorker`, as `SERVER_ROLE=worker` runs it) in a
 * child process with the engine's poll-lag observer; the simulator runs in its own process with
 * its defaults; PostgreSQL in a schema of its own. Drivers as in engine-capacity.ts (connected
 * through the real sign-in, one filter no generated offer meets), queued the way an API process
 * resumes them (first polls spread over 1 s). Steps add drivers; each is warmed, then measured.
 *
 *   cd bench && npx tsx --expose-gc --conditions=@blockpilot/source scaling.ts [--one 1000,2000] [--three 1000,2000,3000] [--measure-s 15] [--print-only]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createTokenCipher, deleteKeys, enqueueSearches, loadConfig, openDatabase, openRedis, openSearchQueue, searchKeys } from '@blockpilot/server';

import type { WorkerReading, WorkerRequest } from './lib/scalingWorker.js';
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
const steps = (value: string) => value.split(',').map(Number);
const ONE = steps(option('one') ?? '1000,2000,3000');
const THREE = steps(option('three') ?? '1000,2000,3000');
const WARM_S = Number(option('warm-s') ?? 10);
const MEASURE_S = Number(option('measure-s') ?? 15);
const PRINT_ONLY = process.argv.includes('--print-only');
const GOAL_P99_MS = 100;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN_KEY_BYTES = randomBytes(32);
const APPLICATION_NAME = `bench-scaling-${process.pid}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker child and a way to ask it something. */
interface WorkerChild {
  child: ChildProcess;
  ask<T>(request: WorkerRequest, answer: string): Promise<T>;
}

function startWorker(id: string, env: NodeJS.ProcessEnv): Promise<WorkerChild> {
  const child = fork(path.join(import.meta.dirname, 'lib/scalingWorker.ts'), [], {
    env: { ...process.env, ...env, WORKER_ID: id, SERVER_ROLE: 'worker' },
    execArgv: ['--import', 'tsx', '--expose-gc', '--conditions=@blockpilot/source'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const ask = <T>(request: WorkerRequest, answer: string) =>
    new Promise<T>((resolve) => {
      const listen = (message: { type: string }) => {
        if (message.type !== answer) return;
        child.off('message', listen);
        resolve(message as T);
      };
      child.on('message', listen);
      child.send(request);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker ${id} exited (${code})`)));
    child.once('message', () => resolve({ child, ask }));
  });
}

/** Total calls per command from INFO commandstats, and Redis's CPU seconds. */
async function redisCounters(redis: ReturnType<typeof openRedis>): Promise<{ calls: Map<string, number>; cpu: number }> {
  const calls = new Map<string, number>();
  for (const line of (await redis.info('commandstats')).split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line);
    if (match) calls.set(match[1]!, Number(match[2]));
  }
  const cpuInfo = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpuInfo)?.[1] ?? 0);
  return { calls, cpu: field('used_cpu_sys') + field('used_cpu_user') };
}

interface Row {
  workers: number;
  users: number;
  perWorker: number[];
  pollsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  workerCpuPct: number;
  workerRssMb: number;
  workerHeapMb: number;
  simCpuPct: number;
  postgresCpuPct: number;
  redisCpuPct: number;
  redisOpsPerPoll: number;
  topCommands: string;
  /** Searches restarted, leases lost or late, jobs lost, during the measurement (all workers). */
  events: string;
  logsPerSecond: number;
  failed: Record<string, number>;
  load: number;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0]!;
  const schema = await benchSchema(APPLICATION_NAME);
  const { child: simulator, url: simUrl } = await startSimulatorProcess();
  const database = await openDatabase({ kind: 'postgres', url: schema.url });
  const redis = openRedis(REDIS_URL, 'bench-scaling');
  const tokenKey = TOKEN_KEY_BYTES.toString('base64');
  const drivers = await connectDrivers(database.db, createTokenCipher(TOKEN_KEY_BYTES), simUrl, Math.max(...ONE, ...THREE), false);
  const rows: Row[] = [];

  const phase = async (workerCount: number, stepUsers: number[]) => {
    const prefix = `bench-scaling-${randomBytes(4).toString('hex')}`;
    const env: NodeJS.ProcessEnv = {
      ...simulatorEnv(simUrl),
      PLATFORM_TOKEN_KEY: tokenKey,
      DATABASE_URL: schema.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SEARCH_WORKER_CAPACITY: '20000',
      PLATFORM_CONNECTIONS: '512',
      LOG_LEVEL: 'silent',
    };
    const config = loadConfig({ ...env, SERVER_ROLE: 'api' });
    const keys = searchKeys(config.scaling.redisPrefix);
    const workers = await Promise.all(Array.from({ length: workerCount }, (_, i) => startWorker(`w${i + 1}`, env)));
    const queue = openSearchQueue(redis, keys);
    let started = 0;
    for (const users of stepUsers) {
      const fresh = drivers.slice(started, users);
      await database.db.updateTable('users').set({ searching: true }).where('id', 'in', fresh).execute();
      await enqueueSearches(queue, fresh, 1000);
      started = users;
      await sleep(WARM_S * 1000);

      await Promise.all(workers.map((w) => w.ask({ type: 'reset' }, 'reset')));
      const outcomes0 = await simOutcomes(simUrl);
      const pg0 = await postgresCpuByBackend(APPLICATION_NAME);
      const logs0 = await offerLogRows(database.db);
      const redis0 = await redisCounters(redis);
      const cpu0 = workers.map((w) => processCpuSeconds(w.child.pid!));
      const sim0 = processCpuSeconds(simulator.pid!);
      const t0 = performance.now();
      await sleep(MEASURE_S * 1000);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = workers.reduce((sum, w, i) => sum + processCpuSeconds(w.child.pid!) - cpu0[i]!, 0);
      const simCpu = processCpuSeconds(simulator.pid!) - sim0;
      const redis1 = await redisCounters(redis);
      const readings = await Promise.all(workers.map((w) => w.ask<WorkerReading>({ type: 'read' }, 'reading')));
      const pgCpu = postgresCpuBetween(pg0, await postgresCpuByBackend(APPLICATION_NAME));
      const logs = (await offerLogRows(database.db)) - logs0;
      const failed = failedBetween(outcomes0, await simOutcomes(simUrl));
      const lags = Float64Array.from(readings.flatMap((r) => r.lags)).sort();
      const deltas = [...redis1.calls]
        .map(([name, calls]) => [name, calls - (redis0.calls.get(name) ?? 0)] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]);
      const redisOps = deltas.reduce((sum, [, n]) => sum + n, 0);
      const row: Row = {
        workers: workerCount,
        users,
        perWorker: readings.map((r) => r.drivers),
        pollsPerSecond: lags.length / seconds,
        p50: percentile(lags, 0.5),
        p99: percentile(lags, 0.99),
        max: lags[lags.length - 1] ?? Number.NaN,
        workerCpuPct: (cpu / seconds) * 100,
        workerRssMb: readings.reduce((sum, r) => sum + r.rss, 0) / 2 ** 20,
        workerHeapMb: readings.reduce((sum, r) => sum + r.heapUsed, 0) / 2 ** 20,
        simCpuPct: (simCpu / seconds) * 100,
        postgresCpuPct: (pgCpu / seconds) * 100,
        redisCpuPct: ((redis1.cpu - redis0.cpu) / seconds) * 100,
        redisOpsPerPoll: lags.length ? redisOps / lags.length : Number.NaN,
        topCommands: deltas
          .slice(0, 5)
          .map(([name, n]) => `${name} ${(n / lags.length).toFixed(2)}`)
          .join(', '),
        events: (['searchesStarted', 'leasesLost', 'leasesExpired', 'jobsLost'] as const).map((k) => `${readings.reduce((sum, r) => sum + r.events[k], 0)}`).join(' / '),
        logsPerSecond: logs / seconds,
        failed,
        load: os.loadavg()[0]!,
      };
      console.log(row);
      rows.push(row);
    }
    await database.db.updateTable('users').set({ searching: false }).execute();
    await Promise.all(workers.map((w) => w.ask({ type: 'close' }, 'closed')));
    await queue.close();
    await deleteKeys(redis, prefix);
  };

  await phase(1, ONE);
  await phase(3, THREE);
  await database.close();
  redis.disconnect();
  simulator.kill('SIGTERM');
  await schema.drop();

  const capacity = (workers: number) => Math.max(0, ...rows.filter((r) => r.workers === workers && r.p99 < GOAL_P99_MS).map((r) => r.users));
  // Compared at the largest number of drivers both phases searched.
  const common = Math.max(0, ...ONE.filter((users) => THREE.includes(users)));
  const cpuPerThousand = (workers: number) => {
    const row = rows.find((r) => r.workers === workers && r.users === common);
    return row ? row.workerCpuPct / (row.users / 1000) : Number.NaN;
  };
  const one = capacity(1);
  const three = capacity(3);
  const efficiency = cpuPerThousand(1) / cpuPerThousand(3);
  console.log(`within p99 < ${GOAL_P99_MS} ms: one worker ${one}, three workers ${three}; CPU per driver at ${common}: efficiency ${(efficiency * 100).toFixed(0)}%`);
  if (PRINT_ONLY) return;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  writeSection(
    'scaling',
    `## Scale-out: one and three search workers (\`bench/scaling.ts\`)

${machineLine()}
One-minute load average when the run started: ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs, and after each step in the last
column: the machine is shared, and the workers, the simulator, PostgreSQL and Redis all run on its
${os.cpus().length} cores, so three workers cannot get more CPU than one here; what this run shows is the cost of
the scale-out per driver and whether it stays flat when the drivers are split.

Each worker is the server's own (\`SERVER_ROLE=worker\`: a BullMQ job per driver under a 4 s lock, a
per-driver lease renewed every second, the stalled check every second) in its own process; drivers
as in the capacity benchmark (real sign-in, one filter no generated offer meets, 1 poll/s each),
queued as an API process resumes them. Steps warmed ${WARM_S} s, measured ${MEASURE_S} s. Poll lag from the
engine's own observer in each worker. Redis operations: the delta of every command in
\`INFO commandstats\` (scripts' inner calls included) over the measured polls; Redis is shared with
other work on this machine, so a few operations per second may be someone else's.

Largest step with p99 poll lag < ${GOAL_P99_MS} ms: one worker **${one.toLocaleString('en-US')}**, three workers **${three.toLocaleString('en-US')}**. Worker CPU
per 1,000 drivers at ${common.toLocaleString('en-US')} drivers: one worker ${cpuPerThousand(1).toFixed(1)}%, three workers ${cpuPerThousand(3).toFixed(1)}% of a core in total
(per-driver efficiency of the split: **${(efficiency * 100).toFixed(0)}%**; each extra worker adds its own fixed cost: timers,
lock and lease renewals, the stalled check).

${table(
  [
    'workers',
    'drivers',
    'per worker',
    'polls/s',
    'lag p50',
    'lag p99',
    'lag max',
    'workers CPU',
    'CPU per 1,000',
    'workers RSS',
    'heap per 1,000 (whole worker)',
    'simulator CPU',
    'PostgreSQL CPU',
    'Redis CPU',
    'Redis ops per poll',
    'top Redis commands (per poll)',
    'restarts / leases lost / leases late / jobs lost',
    'log rows/s',
    'failed platform calls',
    'load (1 min)',
  ],
  rows.map((r) => [
    r.workers,
    r.users.toLocaleString('en-US'),
    r.perWorker.join(' / '),
    r.pollsPerSecond.toFixed(0),
    `${r.p50.toFixed(1)} ms`,
    r.p99 < GOAL_P99_MS ? `**${r.p99.toFixed(1)} ms**` : `**${r.p99.toFixed(0)} ms** (over)`,
    `${r.max.toFixed(0)} ms`,
    `${r.workerCpuPct.toFixed(0)}%`,
    `${((r.workerCpuPct / r.users) * 1000).toFixed(1)}%`,
    mb(r.workerRssMb),
    `${((r.workerHeapMb / r.users) * 1000).toFixed(1)} MB`,
    `${r.simCpuPct.toFixed(0)}%`,
    `${r.postgresCpuPct.toFixed(0)}%`,
    `${r.redisCpuPct.toFixed(0)}%`,
    r.redisOpsPerPoll.toFixed(2),
    r.topCommands,
    r.events,
    r.logsPerSecond.toFixed(0),
    Object.keys(r.failed).length ? JSON.stringify(r.failed) : 'none',
    r.load.toFixed(1),
  ]),
)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
