/**
 * Suite 5, faults: the search engine against the platform simulator while things break.
 * - The platform fails half of all calls (5xx, timeouts, connection resets, throttling; one kind
 *   per driver, all at once): searches go on, back off, and every block the platform booked is
 *   logged and charged exactly once.
 * - PostgreSQL ends the engine's connections again and again mid-run (pg_terminate_backend, as a
 *   database restart or failover does): the engine reconnects and loses nothing.
 * - The engine's process is killed (SIGKILL) after the platform accepted a block and before the
 *   log entry was written, several times in a row: each restart reconciles with the platform's
 *   schedule and logs and charges the block once. A proxy in front of the simulator withholds the
 *   accept's answer, so the kill lands in that gap every time.
 * Afterwards, "blocks lost" counts blocks the platform booked for the driver that are not in the
 * log with exactly one fee: it must be 0.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'kysely';
import pg from 'pg';
import type { Simulator } from '@blockpilot/platform-sim';
import type { AppContext } from '../context.js';
import { openDatabase } from '../db/index.js';
import type { EngineTimings } from '../engine/dependencies.js';
import { credit, entriesOf } from '../domain/ledger.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv } from '../../test/config.js';
import { closeSearchContext, testContext } from '../../test/context.js';
import { describeEachDatabase, TEST_POSTGRES_URL } from '../../test/databases.js';
import { startHoldingProxy } from '../../test/holdingProxy.js';
import { connectWithAnyBlockFilter, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';
import type { Database, DatabaseConfig } from '../db/types.js';
import { startEngineProcess, type EngineProcess } from '../../test/hardening/engineProcess.js';
import type { EngineWorkerSettings } from '../../test/hardening/engineWorker.js';

/** Short cadences so a run sees many polls, backoffs and schedule reads in seconds. Jitter pinned to its maximum. */
const FAST: Partial<EngineTimings> = { backoff: { baseMs: 250, maxMs: 1000 }, openAttemptRecheckMs: 300, resumeSpreadMs: 50 };
const POLLS = '/GetOffersForProviderPost';
/** The simulator's refreshInterval: the engine never polls sooner. */
const REFRESH_MS = 1000;
/** An offer of 30.00: fee 105 cents (3.5%), so the 1000-cent sign-up bonus pays for nine. */
const PRICE = 30;
const FEE = 105;
const TIMEOUT_MS = 500;
const FAULT_RATE = 0.5;
const OFFERS_PER_DRIVER = 6;
const KILLS = 3;

/** A driver connected to the simulator, filtering for any block in one area they may work. */
interface Driver {
  id: string;
  accountId: string;
  area: string;
}

async function connectedDriver(ctx: AppContext): Promise<Driver> {
  const { user } = await signUpDriver(ctx);
  return { id: user.id, ...(await connectWithAnyBlockFilter(ctx, user, { pay: [0, 100] })) };
}

function engineContext(database: Database, platformUrl: string, timeoutMs = TIMEOUT_MS) {
  return testContext(database, {
    clock: new TestClock(Date.now()),
    env: { ...simulatorEnv(platformUrl), PLATFORM_TIMEOUT_MS: String(timeoutMs) },
    engine: { timings: FAST, random: () => 1 },
  });
}

async function startSearching(ctx: AppContext, driver: Driver): Promise<void> {
  await ctx.db.updateTable('users').set({ searching: true }).where('id', '=', driver.id).execute();
  ctx.search.start(driver.id);
}

/** The i-th offer of a driver: no two overlap (4 hours apart, 2 hours long), all match the driver's filter. */
function injectOffer(sim: Simulator, driver: Driver, i: number, label: string): string {
  const offerId = `${label}-${i}`;
  sim.control.injectOffer({ serviceAreaId: driver.area, offerId, startTime: tomorrowAt(1) + i * 4 * 3600, durationHours: 2, priceAmount: PRICE });
  return offerId;
}

/** Anything with the database: a context, or the database itself while no context runs. */
type HasDb = Pick<AppContext, 'db'>;

/** What the books say of a driver's accepted blocks, against what the platform booked. */
interface Books {
  /** Blocks the platform booked for the driver (accepts it answered as won). */
  booked: string[];
  /** Booked blocks without a BLOCK_ACCEPT entry charged exactly one fee (or charged twice). */
  lost: string[];
  /** Accept entries the platform never booked, and fee entries beyond one per entry. */
  extra: string[];
}

async function booksOf({ db }: HasDb, sim: Simulator, driver: Driver): Promise<Books> {
  const booked = sim.control
    .readRecord({ accountId: driver.accountId })
    .accepts.filter((a) => a.won)
    .map((a) => a.offerId);
  const accepted = await db.selectFrom('offer_logs').select(['id', 'offer_id', 'cost_cents']).where('user_id', '=', driver.id).where('action', '=', 'BLOCK_ACCEPT').execute();
  const fees = (await entriesOf(db, driver.id)).filter((e) => e.kind === 'fee');
  const feesOf = (logId: string) => fees.filter((f) => f.key === `fee:${logId}`);
  const lost = booked.filter((offerId) => {
    const entry = accepted.find((row) => row.offer_id === offerId);
    return !entry || entry.cost_cents !== FEE || feesOf(entry.id).length !== 1 || feesOf(entry.id)[0]!.amountCents !== -FEE;
  });
  const extra = [
    ...accepted.filter((row) => !booked.includes(row.offer_id)).map((row) => `accepted but not booked: ${row.offer_id}`),
    ...fees.filter((fee) => !accepted.some((row) => fee.key === `fee:${row.id}`)).map((fee) => `fee without an accept: ${fee.key}`),
  ];
  return { booked, lost, extra };
}

const openAttemptsOf = ({ db }: HasDb, driver: Driver) => db.selectFrom('accept_attempts').select('offer_id').where('user_id', '=', driver.id).execute();
const loggedOffersOf = async ({ db }: HasDb, driver: Driver) =>
  (await db.selectFrom('offer_logs').select('offer_id').where('user_id', '=', driver.id).execute()).map((r) => r.offer_id);

/** The suite's PostgreSQL schema as a URL another pool (or process) can open, named so its connections can be found. */
async function postgresUrlOf(database: Database, applicationName: string): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

/** One driver searching in engine processes (started and killed by the test) on a shared database, behind a holding proxy. */
interface EngineProcessWorld {
  sim: Simulator;
  /** The simulator's own URL (not the proxy's). */
  url: string;
  proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  driver: Driver;
  config: DatabaseConfig;
  /** What engineWorker.ts is started with. */
  settings: EngineWorkerSettings;
  /** The database as the suite reads it; PGlite only while no engine process runs. */
  openShared(): Promise<Database>;
  closeShared(db: Database): Promise<void>;
  close(): Promise<void>;
}

async function engineProcessWorld(database: Database, kind: DatabaseConfig['kind'], label: string): Promise<EngineProcessWorld> {
  const { sim, url } = await startSimulator();
  const proxy = await startHoldingProxy(url);
  const dataDir = kind === 'pglite' ? await mkdtemp(join(tmpdir(), `blockpilot-${label}-`)) : null;
  const config: DatabaseConfig = dataDir ? { kind: 'pglite', dataDir } : { kind: 'postgres', url: await postgresUrlOf(database, `${label}_worker`) };
  // PGlite is one process's database: the suite opens it only while no engine process runs.
  const openShared = async () => (dataDir ? openDatabase(config) : database);
  const closeShared = async (db: Database) => (dataDir ? db.close() : undefined);
  const shared = await openShared();
  const setup = engineContext(shared, url);
  const driver = await connectedDriver(setup);
  // The engine processes resume every searching driver: only this one (the other tests' are done).
  await setup.db.updateTable('users').set({ searching: false }).where('id', '<>', driver.id).execute();
  await setup.db.updateTable('users').set({ searching: true }).where('id', '=', driver.id).execute();
  await closeSearchContext(setup);
  await closeShared(shared);
  return {
    sim,
    url,
    proxy,
    driver,
    config,
    settings: { database: config, env: { ...simulatorEnv(proxy.url), PLATFORM_TIMEOUT_MS: '30000' }, timings: FAST },
    openShared,
    closeShared,
    async close() {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await proxy.close();
      await sim.close();
    },
  };
}

/** The platform faults of suite 5; a timeout is an answer slower than the engine waits. */
const PLATFORM_FAULTS = ['serverError', 'timeout', 'reset', 'throttle'] as const;
type PlatformFault = (typeof PLATFORM_FAULTS)[number];

/** What one driver's run through one kind of fault came to. */
interface FaultOutcome {
  fault: PlatformFault;
  calls: number;
  faults: number;
  booked: number;
  lost: number;
}

/**
 * A driver searches while the platform fails FAULT_RATE of every call with `fault`, offers
 * arriving meanwhile; then the faults stop and everything settles. Asserts the search went on
 * and backed off, and that the books match the platform.
 */
async function searchThroughFaults(database: Database, fault: PlatformFault): Promise<FaultOutcome> {
  const { sim, url } = await startSimulator();
  const ctx = engineContext(database, url);
  try {
    const driver = await connectedDriver(ctx);
    sim.control.setFaults({
      rules: [
        fault === 'timeout'
          ? { kind: 'latency', latencyMs: TIMEOUT_MS * 2, rate: FAULT_RATE, accountId: driver.accountId }
          : { kind: fault, rate: FAULT_RATE, accountId: driver.accountId },
      ],
    });
    await startSearching(ctx, driver);
    // Getting ready takes a few calls in a row that must all succeed: the offers come once it polls.
    await waitFor(`the first poll (${fault})`, () => sim.control.readRecord({ accountId: driver.accountId }).requests.some((r) => r.path === POLLS && r.outcome === 'ok'), 30_000);
    const searchingFrom = sim.control.state().nextSeq;
    for (let i = 0; i < OFFERS_PER_DRIVER; i++) {
      injectOffer(sim, driver, i, fault);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // The search keeps polling through the faults: they last until it has polled 4 times since
    // the first poll (on a loaded machine the 12 s above held only 3 of them).
    const polls = () => sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === POLLS && r.seq >= searchingFrom);
    await waitFor(`4 polls through the ${fault} faults`, () => polls().length >= 4, 30_000);
    const faultyUntil = sim.control.state().nextSeq;
    sim.control.setFaults({ rules: [] });
    await waitFor(
      `every offer logged and no accept left open (${fault})`,
      async () => (await loggedOffersOf(ctx, driver)).length === OFFERS_PER_DRIVER && (await openAttemptsOf(ctx, driver)).length === 0,
      30_000,
    );

    const calls = sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.seq < faultyUntil);
    const failed = (r: (typeof calls)[number]) => r.outcome.startsWith('fault_') || r.latencyMs >= TIMEOUT_MS * 2;
    const hit = calls.filter(failed);
    // About half of all calls failed (a seeded roll per call), and the search kept polling through them.
    expect(hit.length / calls.length).toBeGreaterThan(0.3);
    expect(hit.length / calls.length).toBeLessThan(0.7);
    // Backoff: a failed poll, schedule or area read ends the step, and the next step waits the poll
    // interval plus a growing backoff (250, 500, 1000 ms) where it would otherwise wait the interval
    // alone. The gaps are the platform's arrival times, which carry event-loop delays of this busy
    // process (simulator, engine and PGlite share it): the median is checked, not every gap.
    const endsTheStep = new Set([POLLS, '/scheduledAssignments', '/eligibleServiceAreas']);
    const afterFailure = calls.slice(0, -1).flatMap((call, j) => (endsTheStep.has(call.path) && failed(call) ? [calls[j + 1]!.startedAt - call.startedAt] : []));
    expect(afterFailure.length).toBeGreaterThanOrEqual(3);
    expect(afterFailure.sort((a, b) => a - b)[Math.floor(afterFailure.length / 2)]).toBeGreaterThanOrEqual(REFRESH_MS + 250 - 50);
    expect(ctx.search.has(driver.id)).toBe(true);
    expect((await ctx.db.selectFrom('users').select('searching').where('id', '=', driver.id).executeTakeFirstOrThrow()).searching).toBe(true);

    const books = await booksOf(ctx, sim, driver);
    expect({ lost: books.lost, extra: books.extra }).toEqual({ lost: [], extra: [] });
    expect(books.booked.length).toBeGreaterThanOrEqual(OFFERS_PER_DRIVER / 2);
    expect(sim.control.findViolations().doubleAccepts).toEqual([]);
    return { fault, calls: calls.length, faults: hit.length, booked: books.booked.length, lost: books.lost.length };
  } catch (error) {
    // The four runs go at once: say which one failed.
    if (error instanceof Error) error.message = `with ${fault} faults: ${error.message}`;
    throw error;
  } finally {
    await closeSearchContext(ctx);
    await sim.close();
  }
}

describeEachDatabase('faults: the engine against a failing platform, database and process', (database, kind) => {
  it(`keeps searching through platform 5xx, timeouts, resets and throttling at ${FAULT_RATE * 100}%, and logs and charges every booked block once`, async (t) => {
    // One simulator and driver per kind of fault, all at once: each driver alone with its offers.
    const outcomes = await Promise.all(PLATFORM_FAULTS.map((fault) => searchThroughFaults(database(), fault)));
    const sum = (key: Exclude<keyof FaultOutcome, 'fault'>) => outcomes.reduce((total, outcome) => total + outcome[key], 0);
    t.diagnostic(
      `figures: platform calls=${sum('calls')} faults injected=${sum('faults')} (${outcomes.map((o) => `${o.fault}=${o.faults}`).join(' ')}, each at ${FAULT_RATE * 100}%) ` +
        `blocks booked=${sum('booked')} blocks lost=${sum('lost')}`,
    );
  });

  if (kind === 'postgres') {
    it("recovers when PostgreSQL ends the engine's connections mid-run (pg_terminate_backend), losing no block", async (t) => {
      const { sim, url } = await startSimulator();
      const applicationName = `faults_${randomBytes(4).toString('hex')}`;
      const engineDatabase = await openDatabase({ kind: 'postgres', url: await postgresUrlOf(database(), applicationName) });
      const ctx = engineContext(engineDatabase, url);
      const offers = 12;
      try {
        const driver = await connectedDriver(ctx);
        // Credit for every block: each one must be charged, none skipped for want of credit.
        await ctx.db.transaction().execute((trx) => credit(trx, driver.id, `topup:faults-${driver.id}`, offers * FEE));
        await startSearching(ctx, driver);
        const engineConnections = async () =>
          (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${applicationName}`.execute(database().db)).rows.length;
        let terminated = 0;
        for (let i = 0; i < offers; i++) {
          injectOffer(sim, driver, i, 'restart');
          // The engine opens a connection when a poll brings offers to write: it is ended as soon
          // as seen, or a few ms later, so it dies at different points of the accept (reserving,
          // asking the platform, writing the log entry and the fee) or right after.
          await waitFor('the engine at work on the offer', async () => (await engineConnections()) > 0, 10_000);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 20));
          const { rows } = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${applicationName}`.execute(
            database().db,
          );
          terminated += rows.filter((r) => r.ended).length;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        expect(terminated).toBeGreaterThanOrEqual(offers);
        // Checked through the suite's own connections: the engine's are the ones being ended.
        const suite = database();
        await waitFor(
          'every offer logged and no accept left open',
          async () => (await loggedOffersOf(suite, driver)).length === offers && (await openAttemptsOf(suite, driver)).length === 0,
          30_000,
        );
        const books = await booksOf(suite, sim, driver);
        expect({ lost: books.lost, extra: books.extra }).toEqual({ lost: [], extra: [] });
        expect(books.booked).toHaveLength(offers);
        // Still searching, and still polling, after the last restart.
        expect(ctx.search.has(driver.id)).toBe(true);
        const polls = () => sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === POLLS).length;
        const before = polls();
        await waitFor('polls after the restarts', () => polls() >= before + 2, 10_000);
        t.diagnostic(`figures: database connections terminated=${terminated} blocks booked=${books.booked.length} blocks lost=${books.lost.length}`);
      } finally {
        await closeSearchContext(ctx);
        await engineDatabase.close();
        await sim.close();
      }
    });
  }

  it(`kills the engine (SIGKILL) between the platform's accept and the log write ${KILLS} times: each restart logs and charges the block once`, async (t) => {
    const w = await engineProcessWorld(database(), kind, 'faults');
    const { sim, url, proxy, driver, settings, openShared, closeShared } = w;
    let engine: EngineProcess | null = null;
    let restarted: AppContext | null = null;
    let shared: Database | null = null;
    try {
      for (let i = 0; i < KILLS; i++) {
        const held = new Promise<{ status: number }>((resolve) => proxy.holdNext('/AcceptOffer', 1, resolve));
        engine = await startEngineProcess(settings);
        expect(engine.resumed).toBe(1);
        const offerId = injectOffer(sim, driver, i, 'killed');
        // The platform has booked the block and answered; the engine has not heard (the proxy holds
        // the answer). Its intent row, written beside the accept (docs/ENGINE.md "The live path"),
        // commits within moments: this kill is the one after it, so it is given those moments (the
        // database is the engine process's own here, so it cannot be watched from this one).
        expect((await held).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await engine.kill();
        engine = null;
        expect(sim.control.schedule(driver.accountId).some((block) => Math.floor(block.startTime) === tomorrowAt(1) + i * 4 * 3600)).toBe(true);
        expect(sim.control.readRecord({ accountId: driver.accountId }).accepts.filter((a) => a.offerId === offerId)).toEqual([expect.objectContaining({ won: true })]);
      }

      // Before any restart: the last block is booked, its attempt written, its log entry missing.
      shared = await openShared();
      const lastOffer = `killed-${KILLS - 1}`;
      expect((await openAttemptsOf(shared, driver)).map((a) => a.offer_id)).toEqual([lastOffer]);
      expect(await loggedOffersOf(shared, driver)).not.toContain(lastOffer);

      // The server starts again: it resumes the search, reconciles, and goes on searching.
      restarted = engineContext(shared, url);
      expect(await restarted.search.resumeAll()).toBe(1);
      const ctx = restarted;
      await waitFor('the last block reconciled', async () => (await openAttemptsOf(ctx, driver)).length === 0 && (await loggedOffersOf(ctx, driver)).length === KILLS, 20_000);
      const afterRestart = injectOffer(sim, driver, KILLS, 'killed');
      await waitFor('a new offer accepted after the restart', async () => (await loggedOffersOf(ctx, driver)).includes(afterRestart), 20_000);

      const books = await booksOf(ctx, sim, driver);
      expect(books.booked).toHaveLength(KILLS + 1);
      expect({ lost: books.lost, extra: books.extra }).toEqual({ lost: [], extra: [] });
      const balance = (await ctx.db.selectFrom('users').select('credit_cents').where('id', '=', driver.id).executeTakeFirstOrThrow()).credit_cents;
      expect(balance).toBe(1000 - (KILLS + 1) * FEE);
      t.diagnostic(
        `figures: engine processes killed between accept and log write=${KILLS} blocks booked=${books.booked.length} blocks lost=${books.lost.length} charged twice=${books.extra.length}`,
      );
    } finally {
      await engine?.kill();
      if (restarted) await closeSearchContext(restarted);
      if (shared) await closeShared(shared).catch(() => undefined);
      await w.close();
    }
  });

  it('kills the engine (SIGKILL) at each other point of the live path: a block is charged once, and only when the engine can prove it took it', async (t) => {
    const w = await engineProcessWorld(database(), kind, 'kill_points');
    const { sim, proxy, driver, config, settings, openShared, closeShared } = w;
    let engine: EngineProcess | null = null;
    let locker: pg.Client | null = null;
    let shared: Database | null = null;
    try {
      const wonOffers = () =>
        sim.control
          .readRecord({ accountId: driver.accountId })
          .accepts.filter((a) => a.won)
          .map((a) => a.offerId);

      // 1. The accept has left the engine; the platform never got it. Nothing is booked.
      const sentNotArrived = new Promise((resolve) => proxy.holdNext('/AcceptOffer', 1, resolve, 'request'));
      engine = await startEngineProcess(settings);
      const unseen = injectOffer(sim, driver, 0, 'point');
      await sentNotArrived;
      await engine.kill();
      expect(wonOffers()).toEqual([]);
      // The next process takes the offer (still listed) once, whether or not the intent was written.
      engine = await startEngineProcess(settings);
      await waitFor('the offer taken by the next process', () => wonOffers().includes(unseen), 20_000);
      await waitFor('a poll after the accept', () => sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === POLLS).length > 0, 10_000);
      await engine.stop();
      engine = null;
      shared = await openShared();
      let books = await booksOf(shared, sim, driver);
      expect({ booked: books.booked, lost: books.lost, extra: books.extra }).toEqual({ booked: [unseen], lost: [], extra: [] });
      await closeShared(shared);

      // 2. PostgreSQL only (a lock from another session): the platform booked the block while the
      //    intent's write still waited, and the engine died. The block counts as the driver's own:
      //    never charged (docs/ENGINE.md "Crashes").
      let unproven: string | null = null;
      if (config.kind === 'postgres') {
        engine = await startEngineProcess(settings);
        locker = new pg.Client({ connectionString: config.url });
        await locker.connect();
        await locker.query('begin');
        await locker.query('lock table accept_attempts in exclusive mode');
        const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const bookedNotHeard = new Promise<{ status: number }>((resolve) => proxy.holdNext('/AcceptOffer', 1, resolve));
        unproven = injectOffer(sim, driver, 1, 'point');
        expect((await bookedNotHeard).status).toBe(200);
        await engine.kill();
        engine = null;
        // The dead process's insert still waits on the lock inside PostgreSQL: end it, as a crashed
        // host's connections end, so it never commits.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kill_points_worker' and pid <> ${lockerPid}`.execute(database().db);
        await locker.query('rollback');
        await locker.end();
        locker = null;
        expect(await openAttemptsOf(database(), driver)).toEqual([]);
        // A restart reconciles and goes on: the block stays uncharged and unlogged.
        engine = await startEngineProcess(settings);
        const polls = () => sim.control.readRecord({ accountId: driver.accountId }).requests.filter((r) => r.path === POLLS).length;
        const before = polls();
        await waitFor('polls after the restart', () => polls() >= before + 3, 15_000);
        await engine.stop();
        engine = null;
      }

      shared = await openShared();
      books = await booksOf(shared, sim, driver);
      expect(books.extra).toEqual([]);
      expect(books.lost).toEqual(unproven ? [unproven] : []);
      const fees = (await entriesOf(shared.db, driver.id)).filter((e) => e.kind === 'fee');
      expect(fees).toHaveLength(1);
      const balance = (await shared.db.selectFrom('users').select('credit_cents').where('id', '=', driver.id).executeTakeFirstOrThrow()).credit_cents;
      expect(balance).toBe(1000 - FEE);
      t.diagnostic(
        `figures: kill points exercised=${unproven ? 2 : 1} blocks booked=${books.booked.length} charged twice=0 booked but unproven (never charged)=${unproven ? 1 : 0}`,
      );
    } finally {
      await engine?.kill();
      await locker?.end().catch(() => undefined);
      if (shared) await closeShared(shared).catch(() => undefined);
      await w.close();
    }
  });
});
