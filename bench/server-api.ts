/**
 * Server API figures: requests/s and p50/p99 latency of GET /api/user,
 * POST /api/user/getLogs (a full page of 50 entries) and POST /api/user/saveFilter (for one
 * driver, and across 20 drivers) with real tokens, on embedded PGlite and on PostgreSQL, at full speed (autocannon, 10 connections) and at a
 * fixed 1,000 req/s (autocannon's bursty rate mode, and a steadily paced load), goal: p99 < 10 ms.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source server-api.ts
 *     --print-only        leave BENCHMARKS.md alone
 *     --only=pglite|postgres, --endpoint=getLogs (the end of its name)   measure a part
 *     --profile=DIR       the server writes a V8 CPU profile of each "max" run into DIR
 *                         (summarise one with `npx tsx lib/profileSummary.ts FILE`)
 *     BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RATE (environment)   a run's length, the "max"
 *                         runs' connections, the fixed rate
 *
 * The app runs in a child process of its own (bench/lib/apiServer.ts) exactly as main.ts builds
 * it (logging at warn, so the terminal is not what is measured); the load generators run in this
 * process, so they never share the server's CPU time or event loop (the machine's cores they do
 * share: the load average is written with every row). GET /api/user and getLogs are also measured
 * on a floor server in the same process (bench/lib/floorServer.ts): the same reads with nothing of
 * the product's HTTP stack, what the route's figure is read against. PostgreSQL: TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test, in a schema of its own that is dropped afterwards.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '@blockpilot/server';
import type { ApiServerReady, ApiServerRequest } from './lib/apiServer.js';
import { summarizeProfile } from './lib/profileSummary.js';
import { machineLine, table, writeSection } from './lib/report.js';

/** The parts of autocannon's options and result used here (the package ships no types). */
interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  overallRate?: number;
  workers?: number;
  /** Per connection (only without `workers`, which would need it as a file). */
  setupClient?: (client: { setHeadersAndBody(headers: Record<string, string>, body: string): void }) => void;
}
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: LoadOptions) => Promise<LoadResult>;
/** node-postgres, from the server's dependencies, as far as schema set-up needs it. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(new URL('../server/package.json', import.meta.url))('pg') as { Client: new (options: { connectionString: string }) => PgClient };

/**
 * An open-loop load at a steady rate: one request every 1000/rate ms, each timed from when it was
 * due (so a slow server cannot hide its queue), in a worker thread, with sub-millisecond
 * resolution. autocannon's own rate option sends each second's quota in a burst at the start of
 * the second, which measures bursts rather than a steady 1,000 req/s; both are reported.
 */
const PACED_LOAD = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, method, variants, rate, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const interval = 1000 / rate, total = Math.round(rate * seconds), latencies = [];
let sent = 0, done = 0, failed = 0;
const start = performance.now();
function fire(due, n) {
  const { headers, body } = variants[n % variants.length];
  const request = http.request(url, { method, headers, agent }, (response) => {
    response.resume();
    response.on('end', () => {
      if (response.statusCode >= 300) failed++;
      latencies.push(performance.now() - due);
      if (++done === total) finish();
    });
  });
  request.on('error', () => { failed++; if (++done === total) finish(); });
  request.end(body);
}
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) fire(start + sent * interval, sent++);
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
function finish() {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ rps: total / ((performance.now() - start) / 1000), p50: at(0.5), p99: at(0.99), failed });
  agent.destroy();
}
tick();
`;

/** `variants`: the headers and bodies sent in turn (one driver each), else the request's own. */
function pacedLoad(
  request: Omit<LoadOptions, 'connections' | 'duration'>,
  rate: number,
  seconds: number,
  variants = [{ headers: request.headers, body: request.body }],
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PACED_LOAD, { eval: true, workerData: { url: request.url, method: request.method, variants, rate, seconds } });
    worker.once('message', ({ rps, p50, p99, failed }: { rps: number; p50: number; p99: number; failed: number }) => {
      void worker.terminate();
      const ms = (n: number) => Math.round(n * 10) / 10;
      resolve({ requests: { average: rps }, latency: { p50: ms(p50), p99: ms(p99), average: 0 }, non2xx: failed, errors: 0, timeouts: 0 });
    });
    worker.once('error', reject);
  });
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The fixed rate (BENCH_RATE; the goal's is 1,000): a lower one shows latency below a slow machine's capacity. */
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 1_000);
/** Connections of the "max" runs (BENCH_CONNECTIONS): more shows whether a route waits (commits) rather than computes. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Drivers the server signs up; saveFilter is also measured across all of them. */
const DRIVERS = 20;
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const PROFILE_DIR = option('profile') && path.resolve(option('profile')!);
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const ONLY_DATABASE = option('only');
const ONLY_ENDPOINT = option('endpoint');
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL schema of the benchmark's own, and how to drop it. */
async function isolatedPostgres(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { config: { kind: 'postgres', url: url.toString() }, drop: () => adminQuery(`drop schema ${schema} cascade`) };
}

/** A route's "max" figure and paced p99 beside its floor's (bench/lib/floorServer.ts). */
interface FloorRow {
  database: string;
  endpoint: string;
  product: number;
  floor: number;
  productP99: number;
  floorP99: number;
  load: string;
}
const floorRows: FloorRow[] = [];

interface Row {
  database: string;
  endpoint: string;
  mode: string;
  result: LoadResult;
  /** The 1, 5 and 15 minute load averages right after the run. */
  load: string;
}

/** Starts the server in its own process (bench/lib/apiServer.ts) and waits until it listens. */
interface ServerHandle {
  ready: ApiServerReady;
  /** Runs `load` with the server's CPU profiler on, and writes the profile to `file`. */
  profiled<T>(file: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function startServer(databaseConfig: DatabaseConfig): Promise<ServerHandle> {
  const child = fork(path.join(import.meta.dirname, 'lib/apiServer.ts'), [], {
    env: { ...process.env, BENCH_DATABASE: JSON.stringify(databaseConfig), BENCH_DRIVERS: String(DRIVERS) },
    execArgv: ['--import', 'tsx', '--conditions=@blockpilot/source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ApiServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ApiServerReady));
    child.once('exit', (code) => reject(new Error(`the API server exited (${code}) before listening`)));
  });
  const ask = (request: ApiServerRequest) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(request);
    });
  return {
    ready,
    profiled: async (file, load) => {
      await ask({ type: 'profile' });
      const result = await load();
      await ask({ type: 'profiled', file });
      return result;
    },
    close: async () => {
      child.send({ type: 'close' });
      await exited;
    },
  };
}

async function measure(databaseConfig: DatabaseConfig, label: string): Promise<Row[]> {
  const server = await startServer(databaseConfig);
  const { base, floorBase, drivers } = server.ready;
  try {
    const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const changed = (filter: Record<string, unknown>) =>
      JSON.stringify({ filter: { ...filter, serviceAreas: ['sa-1', 'sa-2'], days: [1, 2, 3, 4, 5], time: [360, 1080], pay: [20, 100] } });
    const [first] = drivers;
    const saveFilter = { url: `${base}/api/user/saveFilter`, method: 'POST' as const, headers: json(first!.token), body: changed(first!.filter) };

    type LoadRequest = Omit<LoadOptions, 'connections' | 'duration'>;
    // Each route, and for the reads the same read on the floor server (bench/lib/floorServer.ts), measured right after the product's.
    const endpoints: Array<[string, LoadRequest, floor?: LoadRequest]> = [
      ['GET /api/user', { url: `${base}/api/user`, method: 'GET', headers: { authorization: `Bearer ${first!.token}` } }, { url: `${floorBase}/user`, method: 'GET', headers: {} }],
      [
        'POST /api/user/getLogs',
        { url: `${base}/api/user/getLogs`, method: 'POST', headers: json(first!.token), body: JSON.stringify({ query: {} }) },
        { url: `${floorBase}/logs`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: {} }) },
      ],
      // One driver saving one filter: every save waits for the previous one's commit (the row's lock).
      ['POST /api/user/saveFilter', saveFilter],
      // Each connection a driver of its own, as real traffic is: saves of different rows commit side by side.
      [
        `POST /api/user/saveFilter, ${drivers.length} drivers`,
        {
          ...saveFilter,
          setupClient: (() => {
            let next = 0;
            return (client) => {
              const driver = drivers[next++ % drivers.length]!;
              client.setHeadersAndBody(json(driver.token), changed(driver.filter));
            };
          })(),
        },
      ],
    ];
    const rows: Row[] = [];
    for (const [endpoint, request, floor] of endpoints.filter(([name]) => !ONLY_ENDPOINT || name.endsWith(ONLY_ENDPOINT))) {
      const threads = request.setupClient ? {} : { workers: 1 };
      await autocannon({ ...request, connections: CONNECTIONS, duration: 2, ...threads }); // warm-up: JIT, pool, caches
      const maxLoad = () => autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS, ...threads });
      const profileFile = PROFILE_DIR && path.join(PROFILE_DIR, `${label}-${endpoint.replace(/\W+/g, '-')}.cpuprofile`);
      const full = profileFile ? await server.profiled(profileFile, maxLoad) : await maxLoad();
      if (profileFile) console.log(`${label} ${endpoint}: ${summarizeProfile(profileFile).busyMs} ms busy, profile in ${profileFile}`);
      rows.push({ database: label, endpoint, mode: `max, ${CONNECTIONS} connections`, result: full, load: loadAverage() });
      let floorMax: { result: LoadResult; load: string } | undefined;
      if (floor) {
        await autocannon({ ...floor, connections: CONNECTIONS, duration: 2, ...threads });
        const result = await autocannon({ ...floor, connections: CONNECTIONS, duration: SECONDS, ...threads });
        if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${label} ${endpoint}: the floor server failed requests`);
        floorMax = { result, load: loadAverage() };
        console.log(`${label} ${endpoint}: floor ${Math.round(result.requests.average)} req/s`);
      }
      const bursts = await autocannon({ ...request, connections: 20, duration: SECONDS, overallRate: FIXED_RATE, ...threads });
      rows.push({ database: label, endpoint, mode: `${FIXED_RATE} req/s, autocannon bursts`, result: bursts, load: loadAverage() });
      const paced = await pacedLoad(
        request,
        FIXED_RATE,
        SECONDS,
        request.setupClient ? drivers.map((driver) => ({ headers: json(driver.token), body: changed(driver.filter) })) : undefined,
      );
      rows.push({ database: label, endpoint, mode: `${FIXED_RATE} req/s, paced`, result: paced, load: loadAverage() });
      for (const row of rows.slice(-3)) console.log(describe(row));
      if (floor && floorMax) {
        // The same pace on the floor: how much of the p99 is the product's, how much this machine's.
        const floorPaced = await pacedLoad(floor, FIXED_RATE, SECONDS);
        console.log(`${label} ${endpoint}: floor paced p99 ${floorPaced.latency.p99} ms`);
        floorRows.push({
          database: label,
          endpoint,
          product: full.requests.average,
          floor: floorMax.result.requests.average,
          productP99: paced.latency.p99,
          floorP99: floorPaced.latency.p99,
          load: floorMax.load,
        });
      }
    }
    return rows;
  } finally {
    await server.close();
  }
}

function describe({ database, endpoint, mode, result, load }: Row): string {
  const failures = result.non2xx + result.errors + result.timeouts;
  return `${database.padEnd(10)} ${endpoint.padEnd(26)} ${mode.padEnd(30)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${failures ? `  (${failures} failed)` : ''}  load ${load}`;
}

const rows: Row[] = [];
if (ONLY_DATABASE !== 'postgres') rows.push(...(await measure({ kind: 'pglite', dataDir: 'memory://' }, 'PGlite')));
if (ONLY_DATABASE !== 'pglite') {
  const postgres = await isolatedPostgres();
  try {
    rows.push(...(await measure(postgres.config, 'PostgreSQL')));
  } finally {
    await postgres.drop();
  }
}

const markdown = `## Server API (GET /api/user, POST /api/user/getLogs, POST /api/user/saveFilter)

${machineLine()} The server runs in a process of its own (LOG_LEVEL=warn), the load generators in another, on the same 2 cores (the load average after each run is in its row). ${SECONDS} s per run after a 2 s warm-up. "max": autocannon, ${CONNECTIONS} connections, 1 ms latency resolution. saveFilter is measured for one driver (each save waits for the previous one's commit: the row's lock) and across ${DRIVERS} drivers (a connection each, as real traffic is). "autocannon bursts": autocannon's overallRate, which sends each second's quota at the start of the second (20 connections). "paced": one request every ${1000 / FIXED_RATE} ms, timed from when it was due. Goals: GET /api/user and getLogs >= 5,000 req/s on PostgreSQL and >= 2,000 on PGlite, saveFilter >= 2,000 on PostgreSQL, p99 < 10 ms at 1,000 req/s paced.

${table(
  ['database', 'endpoint', 'load', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'load average'],
  rows.map(({ database, endpoint, mode, result, load }) => [
    database,
    endpoint,
    mode,
    Math.round(result.requests.average),
    result.latency.p50,
    result.latency.p99,
    result.non2xx + result.errors + result.timeouts,
    load,
  ]),
)}

Against the floor: the same reads answered by a bare \`node:http\` server on the same database and rows, reached as the product reaches it (\`bench/lib/floorServer.ts\`: no framework, no session check, no schemas, the simplest page query), ${CONNECTIONS} connections, right after the product's "max" run; and paced at ${FIXED_RATE.toLocaleString('en')} req/s right after the product's paced run.

${table(
  ['database', 'endpoint', 'product req/s', 'floor req/s', 'product / floor', 'paced p99 ms, product', 'paced p99 ms, floor', 'load average'],
  floorRows.map(({ database, endpoint, product, floor, productP99, floorP99, load }) => [
    database,
    endpoint,
    Math.round(product),
    Math.round(floor),
    `${Math.round((product / floor) * 100)} %`,
    productP99,
    floorP99,
    load,
  ]),
)}`;
console.log(`\n${markdown}`);
if (!process.argv.includes('--print-only') && !ONLY_DATABASE && !ONLY_ENDPOINT) writeSection('server-api', markdown);
process.exit(0);
