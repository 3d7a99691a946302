/**
 * Server API figures (issue: accounts, sessions, ledger...): requests/s and p50/p99 latency of
 * GET /api/user and POST /api/user/saveFilter with a real token, on embedded PGlite and on
 * PostgreSQL, at full speed (autocannon, 10 connections) and at a fixed 1,000 req/s (autocannon's
 * bursty rate mode, and a steadily paced load), goal: p99 < 10 ms.
 *
 *   cd bench && npx tsx --conditions=@blockpilot/source server-api.ts            (add --print-only to leave BENCHMARKS.md alone)
 *
 * The app runs in this process exactly as main.ts builds it (logging at warn, so the terminal is
 * not what is measured); the load generators run in worker threads so they do not share the
 * server's event loop. PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test,
 * in a schema of its own that is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { buildApp, loadConfig, openDatabase, type Database, type DatabaseConfig } from '@blockpilot/server';
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
const { url, method, headers, body, rate, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const interval = 1000 / rate, total = Math.round(rate * seconds), latencies = [];
let sent = 0, done = 0, failed = 0;
const start = performance.now();
function fire(due) {
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
  while (sent < total && start + sent * interval <= now) fire(start + sent++ * interval);
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

function pacedLoad(request: Omit<LoadOptions, 'connections' | 'duration'>, rate: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PACED_LOAD, { eval: true, workerData: { ...request, rate, seconds } });
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
const FIXED_RATE = 1_000;

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

interface Row {
  database: string;
  endpoint: string;
  mode: string;
  result: LoadResult;
}

async function measure(databaseConfig: DatabaseConfig, label: string): Promise<Row[]> {
  const database: Database = await openDatabase(databaseConfig);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn', PLATFORM_SIM: 'off' }), database, serveFrontend: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const password = 'benchmark password';
    const signUp = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country_code: 'US', emailAddress: `bench-${Date.now()}@example.com`, phoneNumber: '+1 555 555 0100', password, confirmPassword: password }),
    });
    const token = ((await signUp.json()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const account = (await (await fetch(`${base}/api/user`, { headers: auth })).json()) as { data: { filters: Array<Record<string, unknown>> } };
    const filter = { ...account.data.filters[0], serviceAreas: ['sa-1', 'sa-2'], days: [1, 2, 3, 4, 5], time: [360, 1080], pay: [20, 100] };

    const endpoints: Array<[string, Omit<LoadOptions, 'connections' | 'duration'>]> = [
      ['GET /api/user', { url: `${base}/api/user`, method: 'GET', headers: auth }],
      [
        'POST /api/user/saveFilter',
        { url: `${base}/api/user/saveFilter`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ filter }) },
      ],
    ];
    const rows: Row[] = [];
    for (const [endpoint, request] of endpoints) {
      await autocannon({ ...request, connections: 10, duration: 2, workers: 1 }); // warm-up: JIT, pool, caches
      const full = await autocannon({ ...request, connections: 10, duration: SECONDS, workers: 1 });
      rows.push({ database: label, endpoint, mode: 'max, 10 connections', result: full });
      const bursts = await autocannon({ ...request, connections: 20, duration: SECONDS, overallRate: FIXED_RATE, workers: 1 });
      rows.push({ database: label, endpoint, mode: `${FIXED_RATE} req/s, autocannon bursts`, result: bursts });
      const paced = await pacedLoad(request, FIXED_RATE, SECONDS);
      rows.push({ database: label, endpoint, mode: `${FIXED_RATE} req/s, paced`, result: paced });
      for (const row of rows.slice(-3)) console.log(describe(row));
    }
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}

function describe({ database, endpoint, mode, result }: Row): string {
  const failures = result.non2xx + result.errors + result.timeouts;
  return `${database.padEnd(10)} ${endpoint.padEnd(26)} ${mode.padEnd(30)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${failures ? `  (${failures} failed)` : ''}`;
}

const rows: Row[] = [];
rows.push(...(await measure({ kind: 'pglite', dataDir: 'memory://' }, 'PGlite')));
const postgres = await isolatedPostgres();
try {
  rows.push(...(await measure(postgres.config, 'PostgreSQL')));
} finally {
  await postgres.drop();
}

const load = os.loadavg().map((n) => n.toFixed(1)).join(' / ');
const markdown = `## Server API (GET /api/user, POST /api/user/saveFilter)

${machineLine()} Load average during the run: ${load}. App in-process (LOG_LEVEL=warn); load generators in a worker thread on the same machine; ${SECONDS} s per run after a 2 s warm-up. "max": autocannon, 10 connections, 1 ms latency resolution. "autocannon bursts": autocannon's overallRate, which sends each second's quota at the start of the second (20 connections). "paced": one request every ${1000 / FIXED_RATE} ms, timed from when it was due. Goal: p99 < 10 ms at ${FIXED_RATE.toLocaleString('en')} req/s.

${table(
  ['database', 'endpoint', 'load', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
  rows.map(({ database, endpoint, mode, result }) => [
    database,
    endpoint,
    mode,
    Math.round(result.requests.average),
    result.latency.p50,
    result.latency.p99,
    result.non2xx + result.errors + result.timeouts,
  ]),
)}`;
console.log(`\n${markdown}`);
if (!process.argv.includes('--print-only')) writeSection('server-api', markdown);
process.exit(0);
