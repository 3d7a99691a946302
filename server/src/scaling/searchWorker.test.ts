/**
 * Search workers in this process against a real simulator, Redis and database: the API side
 * (BullSearchRunner) queues and signals, two SearchWorkers share the queue. Each worker names
 * itself to the simulator (x-sim-client), so its record says which worker made each call.
 */
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { expect } from 'expect';
import type { RequestRecord, Simulator } from '@blockpilot/platform-sim';
import pino from 'pino';
import type { AppContext } from '../context.js';
import type { UserRow } from '../features/auth/tokens.js';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv, testConfig } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { anyBlockFilter, connectDriver, eligibleAreas, setFilters, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';
import type { Database } from '../db/types.js';
import * as scaleOut from './index.js';
import { searchKeys } from './keys.js';
import { leaseHolder } from './leases.js';
import { openSearchQueue } from './searchJobs.js';
import { describeWithRedis, type TestRedis } from '../../test/redis.js';
import { startSearchWorker, type WorkerProcess } from './workerProcess.js';

const POLLS = '/GetOffersForProviderPost';
const LOCK_MS = 2_000;
const LEASE_RENEW_MS = LOCK_MS / 4;

interface World {
  sim: Simulator;
  api: AppContext;
  driver: UserRow;
  accountId: string;
  areas: string[];
  prefix: string;
  workers: Map<string, WorkerProcess>;
  startWorker(id: string): Promise<WorkerProcess>;
  polls(): RequestRecord[];
  /** The worker that made the driver's latest poll. */
  holder(): string;
  close(): Promise<void>;
}

async function world(database: Database, redis: TestRedis): Promise<World> {
  const { sim, url } = await startSimulator();
  const clock = new TestClock(Date.now());
  const prefix = `${redis.prefix}:${randomBytes(3).toString('hex')}`;
  const env = { ...simulatorEnv(url), REDIS_URL: redis.url, REDIS_PREFIX: prefix, SEARCH_LOCK_MS: String(LOCK_MS), SEARCH_STALLED_CHECK_MS: '500' };
  const setup = testContext(database, { clock, env: simulatorEnv(url) });
  // The filter-change test needs two areas the account may work; the simulator gives each account its own.
  let user: UserRow, areas: string[];
  let tries = 0;
  do {
    if (++tries > 20) throw new Error('no simulated account with two eligible areas in 20 tries');
    ({ user } = await signUpDriver(setup));
    await connectDriver(setup, user);
    areas = await eligibleAreas(setup, user.id);
  } while (areas.length < 2);
  await setFilters(setup, user.id, [anyBlockFilter([areas[0]!])]);
  const accountId = (await loadPlatformAccount(setup.db, setup.tokenCipher, user.id))!.platformUserId;
  await setup.platform.close();
  const api = testContext(database, { clock, env, scaleOut });
  const workers = new Map<string, WorkerProcess>();
  const polls = () => sim.control.readRecord({ accountId }).requests.filter((r) => r.path === POLLS);
  return {
    sim,
    api,
    driver: user,
    accountId,
    areas,
    prefix,
    workers,
    async startWorker(id) {
      const config = testConfig({ ...env, WORKER_ID: id, PLATFORM_SIM_CLIENT: id });
      const worker = await startSearchWorker(config, database.db, { clock, log: pino({ level: 'silent' }) });
      workers.set(id, worker);
      return worker;
    },
    polls,
    holder: () => polls().at(-1)!.clientId!,
    async close() {
      await database.db.updateTable('users').set({ searching: false }).where('id', '=', user.id).execute();
      for (const worker of workers.values()) await worker.close();
      await api.search.close();
      await api.live.close();
      await api.platform.close();
      await sim.close();
    },
  };
}

async function start(w: World): Promise<void> {
  await w.api.db.updateTable('users').set({ searching: true }).where('id', '=', w.driver.id).execute();
  w.api.search.start(w.driver.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithRedis('search workers sharing one queue', (redis) => {
  describeEachDatabase('search workers', (database) => {
    /** A test body run in a fresh world, closed afterwards whatever happens. */
    const inWorld = (body: (w: World) => Promise<void>) => async () => {
      const w = await world(database(), redis());
      try {
        await body(w);
      } finally {
        await w.close();
      }
    };

    it(
      'a started driver is searched by a worker; Stop through the API ends it before it answers',
      inWorld(async (w) => {
        await w.startWorker('w1');
        await start(w);
        await waitFor('polls by the worker', () => w.polls().length >= 2);
        expect(w.polls().every((p) => p.clientId === 'w1')).toBe(true);
        expect(await w.api.search.has(w.driver.id)).toBe(true);

        await w.api.db.updateTable('users').set({ searching: false }).where('id', '=', w.driver.id).execute();
        await w.api.search.stop(w.driver.id);
        const stoppedAt = Date.now();
        const count = w.polls().length;
        await sleep(1_500);
        expect(w.polls()).toHaveLength(count);
        expect(w.polls().every((p) => p.startedAt <= stoppedAt)).toBe(true);
        expect(leaseHolder(await redis().redis.get(searchKeys(w.prefix).lease(w.driver.id)))).toBeNull();
        const queue = openSearchQueue(redis().redis, searchKeys(w.prefix));
        await waitFor('the job finished and removed', async () => (await queue.getJob(w.driver.id)) === undefined);
        await queue.close();
        expect(w.workers.get('w1')!.worker.size).toBe(0);
      }),
    );

    it(
      'a closing worker hands the driver over: no overlap, no gap, the pace kept',
      inWorld(async (w) => {
        await w.startWorker('w1');
        await w.startWorker('w2');
        await start(w);
        await waitFor('a few polls', () => w.polls().length >= 3);
        const first = w.holder();
        const other = first === 'w1' ? 'w2' : 'w1';
        const leaving = w.workers.get(first)!;
        await leaving.close();
        w.workers.delete(first);
        // Handed over (the lease released with the next poll's time), not left to lapse.
        expect(leaving.worker.stats).toMatchObject({ handedOver: 1, jobsLost: 0 });
        await waitFor('polls by the other worker', () => w.polls().filter((p) => p.clientId === other).length >= 2);
        const polls = w.polls();
        const handover = polls.findIndex((p) => p.clientId === other);
        expect(polls.slice(handover).every((p) => p.clientId === other)).toBe(true);
        const gap = polls[handover]!.startedAt - polls[handover - 1]!.startedAt;
        // The simulator asks for 1 poll/s: the new worker polls when the next was due, not sooner
        // (how much later depends on the machine's load).
        expect(gap).toBeGreaterThanOrEqual(950);
        expect(w.sim.control.findViolations().concurrentPolling).toEqual([]);
      }),
    );

    it(
      'a filter change through the API reaches the worker holding the driver',
      inWorld(async (w) => {
        await w.startWorker('w1');
        await w.startWorker('w2');
        await start(w);
        await waitFor('polling', () => w.polls().length >= 1);
        w.sim.control.injectOffer({ serviceAreaId: w.areas[1]!, offerId: 'elsewhere', startTime: tomorrowAt(3), durationHours: 3, priceAmount: 150 });
        await sleep(1_500);
        const logged = () => w.api.db.selectFrom('offer_logs').select(['offer_id', 'action']).where('user_id', '=', w.driver.id).execute();
        expect(await logged()).toEqual([]);
        await setFilters(w.api, w.driver.id, [anyBlockFilter([w.areas[1]!])]);
        w.api.search.changed(w.driver.id, 'filters');
        const rows = await waitFor('the offer in the new area accepted', async () => {
          const found = await logged();
          return found.length > 0 && found;
        });
        expect(rows).toEqual([{ offer_id: 'elsewhere', action: 'BLOCK_ACCEPT' }]);
      }),
    );

    it(
      'a worker whose lease is taken stops calling the platform for the driver until it holds it again',
      inWorld(async (w) => {
        await w.startWorker('w1');
        await start(w);
        await waitFor('polling', () => w.polls().length >= 2);
        const lease = searchKeys(w.prefix).lease(w.driver.id);
        const takenAt = Date.now();
        await redis().redis.set(lease, 'another-worker', 'PX', 2_500);
        await waitFor('the lease back with w1', async () => (await redis().redis.get(lease))?.startsWith('w1:'), 10_000);
        const backAt = Date.now();
        await waitFor('polling again', () => w.polls().some((p) => p.startedAt > backAt));
        // Allowed: a poll sent before the renewal noticed (one renewal interval plus one poll in flight).
        const during = w.polls().filter((p) => p.startedAt > takenAt + LEASE_RENEW_MS + 1_100 && p.startedAt < backAt - 100);
        expect(during).toEqual([]);
      }),
    );

    it(
      'a job whose lock lapsed comes back to the same worker: still one search, the pace kept, and the worker closes',
      inWorld(async (w) => {
        const worker = await w.startWorker('w1');
        await start(w);
        await waitFor('polling', () => w.polls().length >= 2);
        const from = w.polls().length;
        // As if the worker had stalled past its lock: BullMQ gives the job out again, to this worker.
        await redis().redis.del(`${w.prefix}:search:${w.driver.id}:lock`);
        // How soon it polls again depends on when the lock renewal and the stalled check notice
        // (about 2 s each, later on a busy machine); what must hold is one search at the pace.
        await waitFor('polling after the lock came back', () => w.polls().length >= from + 3, 20_000);
        const polls = w.polls().slice(from - 1);
        const gaps = polls.slice(1).map((p, i) => p.startedAt - polls[i]!.startedAt);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
        expect(worker.worker.size).toBe(1);
        expect(w.sim.control.findViolations().concurrentPolling).toEqual([]);
        await worker.close();
        w.workers.delete('w1');
      }),
    );
  });
});
