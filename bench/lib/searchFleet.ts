/**
 * What the engine benchmarks share: the simulator in a process of its own, PostgreSQL in a schema
 * of its own, drivers signed up and connected through the real sign-in, and the readings (CPU
 * from /proc, PostgreSQL backends' CPU, the simulator's outcome counters, percentiles).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  DEFAULT_FILTER,
  createPlatformClient,
  createSignInChallenge,
  insertFilter,
  newDeviceSerial,
  saveConnection,
  simulatorEndpoints,
  type Database,
  type PlatformClient,
  type TokenCipher,
} from '@blockpilot/server';
import type { Filter } from '@blockpilot/shared/types';
import { WORKSPACE } from './report.js';

/** The value after `--name` on the command line, if any. */
export function cliOption(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLOCK_TICKS = 100;

interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}
const fromServer = createRequire(new URL('../../server/package.json', import.meta.url));
const pg = fromServer('pg') as { Client: new (options: { connectionString: string }) => PgClient };

export async function adminQuery(query: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/** A fresh schema; the URL whose connections use it (named `applicationName`), and how to drop it. */
export async function benchSchema(applicationName: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', applicationName);
  return { url: url.toString(), drop: async () => void (await adminQuery(`drop schema ${schema} cascade`)) };
}

/** The simulator in a process of its own (its CPU counted apart); resolves to its URL once it listens. */
export function startSimulatorProcess(extraArgs: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(WORKSPACE, 'platform-sim/src/cli.ts'), '--port', '0', '--seed', '7', '--record-size', '1000', ...extraArgs], {
    cwd: path.join(WORKSPACE, 'bench'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Whatever happens, the simulator process does not outlive the benchmark.
  process.once('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: chunk.toString().trim().split('\n')[0]! }));
  });
}

/** PLATFORM_* variables pointing every region at the simulator. */
export function simulatorEnv(simUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PLATFORM_SIM: 'off' };
  for (const region of ['NA', 'EU', 'FE']) for (const role of ['SIGN_IN', 'TOKEN', 'WORK']) env[`PLATFORM_${region}_${role}_URL`] = simUrl;
  return env;
}

/** CPU seconds a process has used (user + system), from /proc. */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Resident memory of a process, bytes, from /proc. */
export function processRssBytes(pid: number): number {
  const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
  return pages * 4096;
}

/** CPU seconds of each PostgreSQL backend whose application_name is this one, by process id. */
export async function postgresCpuByBackend(applicationName: string): Promise<Map<number, number>> {
  const { rows } = (await adminQuery(`select pid from pg_stat_activity where application_name = '${applicationName}'`)) as { rows: Array<{ pid: number }> };
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      seconds.set(pid, processCpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

/** CPU the backends used between two snapshots (a backend opened meanwhile counts from zero). */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** What the driver does in a browser, over HTTP: sign in on the challenge and read the code off the landing URL. */
async function authorizationCode(challengeUrl: string, email: string): Promise<string> {
  const url = new URL(challengeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('email', email);
  form.set('password', 'bench');
  const res = await fetch(new URL('/ap/signin', url), { method: 'POST', body: form, redirect: 'manual' });
  const landing = res.headers.get('location');
  const code = landing ? new URL(landing).searchParams.get('openid.oa2.authorization_code') : null;
  if (!code) throw new Error(`sign-in did not land: ${res.status}`);
  return code;
}

/** The simulator's count of answers per outcome so far. */
export async function simOutcomes(simUrl: string): Promise<Record<string, number>> {
  const page = (await (await fetch(`${simUrl}/__control/record?since=1000000000000&limit=1`)).json()) as { totals: { byOutcome: Record<string, number> } };
  return page.totals.byOutcome;
}

/** Outcomes other than ok that grew between two readings. */
export function failedBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([k]) => k !== 'ok')
      .map(([k, v]) => [k, v - (before[k] ?? 0)] as const)
      .filter(([, v]) => v > 0),
  );
}

/** The simulator's service area ids. */
export async function simAreaIds(simUrl: string): Promise<string[]> {
  return ((await (await fetch(`${simUrl}/__control/state`)).json()) as { serviceAreas: Array<{ serviceAreaId: string }> }).serviceAreas.map((a) => a.serviceAreaId);
}

/** Runs `task` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : Number.NaN;
}

/**
 * Signs up and connects `count` drivers through the real flow (sign-in page, PKCE, register),
 * each with one filter over every area that no generated offer meets (300.00 an hour and up), so
 * each new offer is judged and logged as ignored once per driver; `searching` as given.
 */
export async function connectDrivers(db: Database['db'], cipher: TokenCipher, simUrl: string, count: number, searching: boolean): Promise<string[]> {
  const drivers = await connectDriversWith(db, cipher, simUrl, count, { searching });
  return drivers.map((d) => d.userId);
}

/** A driver connected by {@link connectDriversWith}. */
export interface ConnectedDriver {
  /** Position among the drivers of that call (0-based), whatever order sign-ins finished in. */
  index: number;
  userId: string;
  email: string;
  /** The platform account (the simulator's customer_info.user_id). */
  accountId: string;
  /** The areas the platform lets the account work (empty unless asked for). */
  eligibleAreaIds: string[];
}

/** How {@link connectDriversWith} sets drivers up. */
export interface ConnectOptions {
  /** `users.searching`. */
  searching: boolean;
  /** The driver's one filter, from its index and the simulator's areas; default: every area, 300.00 an hour and up. */
  filter?: (index: number, areaIds: string[]) => Omit<Filter, 'id'>;
  /** A trial running for 30 days: no fee is due, so credit never decides an accept. */
  feeFree?: boolean;
  /** Read each account's eligible areas (one work call each, before any search starts). */
  eligibleAreas?: boolean;
  /** Sign-ins at a time. Default 32. */
  parallel?: number;
}

/** Signs up and connects `count` drivers through the real flow, each with one filter (see {@link ConnectOptions}). */
export async function connectDriversWith(db: Database['db'], cipher: TokenCipher, simUrl: string, count: number, options: ConnectOptions): Promise<ConnectedDriver[]> {
  const areaIds = await simAreaIds(simUrl);
  const filterFor =
    options.filter ?? (() => ({ ...DEFAULT_FILTER, serviceAreas: areaIds, time: [0, 1440], pay: [100, 100], payType: 'PER_HOUR', timeToArrive: 0 }) satisfies Omit<Filter, 'id'>);
  const setupClient: PlatformClient = createPlatformClient({ endpoints: simulatorEndpoints(simUrl), timeoutMs: 30_000 });
  const drivers: ConnectedDriver[] = new Array(count);
  const trialEndsAt = options.feeFree ? new Date(Date.now() + 30 * 86_400_000) : null;
  try {
    await inParallel(
      Array.from({ length: count }, (_, i) => i),
      options.parallel ?? 32,
      async (index) => {
        const email = `bench-${randomUUID()}@example.com`;
        const challenge = createSignInChallenge(setupClient.endpoints, setupClient.device, newDeviceSerial());
        const registered = await setupClient.register({
          authorizationCode: await authorizationCode(challenge.url, email),
          codeVerifier: challenge.codeVerifier,
          deviceSerial: challenge.deviceSerial,
        });
        if (!registered.ok) throw new Error(`register failed: ${registered.kind}`);
        let eligibleAreaIds: string[] = [];
        if (options.eligibleAreas) {
          const eligible = await setupClient.eligibleServiceAreas({ accessToken: registered.value.tokens.accessToken, instanceId: randomUUID() });
          if (!eligible.ok) throw new Error(`eligibleServiceAreas failed: ${eligible.kind}`);
          eligibleAreaIds = eligible.value;
        }
        const { id } = await db
          .insertInto('users')
          .values({
            email,
            phone_number: '+15555550100',
            country_code: 'US',
            password_hash: 'bench',
            display_name: 'bench',
            shareable_code: randomBytes(8).toString('hex'),
            invited_by: null,
            trial_ends_at: trialEndsAt,
            membership_ends_at: null,
            notify_email: '',
            telegram_chat_id: null,
            promotions_opted_out_at: null,
            credit_cents: 1000,
            searching: options.searching,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertFilter(db, id, filterFor(index, areaIds));
        await saveConnection(db, cipher, { userId: id, region: 'NA', deviceSerial: challenge.deviceSerial, device: registered.value });
        drivers[index] = { index, userId: id, email, accountId: registered.value.userId, eligibleAreaIds };
      },
    );
  } finally {
    await setupClient.close();
  }
  return drivers;
}

/**
 * A forced garbage collection: `global.gc` when the process runs with --expose-gc, otherwise one
 * obtained at run time (V8 lets a running process turn the flag on for new contexts).
 */
export function forcedGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Rows in the offer log so far. */
export async function offerLogRows(db: Database['db']): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('offer_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
