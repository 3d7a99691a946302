/**
 * GET /api/admin/engineHealth/workers over Redis (docs/OPERATIONS.md "Engine health"): an API
 * with REDIS_URL and a real search worker (SearchWorker on the same Redis prefix). Before the
 * worker starts, a searching driver's job waits in the queue and no worker is listed; once it
 * runs, its heartbeat lists it with the leases in Redis that name it; leases of a worker with no
 * heartbeat and released ones are counted apart; a worker that stopped beating shows as silent
 * and one that stopped cleanly leaves the list. Support reads it, audited; a driver gets 403.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { EngineWorkers } from '@blockpilot/shared/types';
import { callAs, auditEntriesOf, startOperatorSuite, type OperatorSuite } from '../../../test/operatorSuite.js';
import { simulatorEnv, testConfig } from '../../../test/config.js';
import { startSimulator, waitFor } from '../../../test/platform.js';
import { describeWithRedis } from '../../../test/redis.js';
import { openDatabase } from '../../db/index.js';
import type { Simulator } from '@blockpilot/platform-sim';
import { searchKeys } from '../../scaling/keys.js';
import { enqueueSearch, openSearchQueue } from '../../scaling/searchJobs.js';
import { startSearchWorker, type WorkerProcess } from '../../scaling/workerProcess.js';
import { HEARTBEAT_MS, writeHeartbeat } from '../../scaling/workerRegistry.js';
import type { Database } from '../../db/types.js';

const URL = '/api/admin/engineHealth/workers';

describeWithRedis('engine workers API over Redis', (redis) => {
  let suite: OperatorSuite;
  let database: Database;
  let sim: Simulator;
  let prefix = '';
  let env: NodeJS.ProcessEnv = {};
  let worker: WorkerProcess | null = null;

  before(async () => {
    const simulator = await startSimulator();
    sim = simulator.sim;
    prefix = `${redis().prefix}:fleet`;
    env = { ...simulatorEnv(simulator.url), REDIS_URL: redis().url, REDIS_PREFIX: prefix, SEARCH_LOCK_MS: '2000', SEARCH_STALLED_CHECK_MS: '500' };
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    suite = await startOperatorSuite(database, 'fleet-admin@blockpilot.test', undefined, undefined, env);
  });
  after(async () => {
    await worker?.close();
    await suite?.t.app.close();
    await sim?.close();
    await database?.close();
  });

  const read = async (): Promise<EngineWorkers> => {
    const res = await callAs(suite.t, suite.supportUser, { url: URL });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('lists no worker while a searching driver waits in the queue; a driver is refused', async () => {
    const byDriver = await callAs(suite.t, suite.driver, { url: URL });
    expect(byDriver.statusCode).toBe(403);
    const queue = openSearchQueue(redis().redis, searchKeys(prefix));
    await enqueueSearch(queue, suite.driver.id);
    await queue.close();
    const fleet = await read();
    expect(fleet).toMatchObject({ scaledOut: true, workers: [], leases: { held: 0, unknownHolder: 0, released: 0 } });
    expect(fleet.queues).toEqual([
      { name: 'search', waiting: 1, active: 0, delayed: 0 },
      { name: 'promotion', waiting: 0, active: 0, delayed: 0 },
    ]);
    expect(await auditEntriesOf(suite.t, 'engineWorkers.view')).toEqual([]);
  });

  it('lists a running worker with the leases that name it, and counts other leases apart', async () => {
    worker = await startSearchWorker(testConfig({ ...env, WORKER_ID: 'w1', SEARCH_WORKER_CAPACITY: '7' }), database.db, { clock: suite.t.clock, log: pino({ level: 'silent' }) });
    // The waiting job is taken and ends at once (the driver does not search). The worker's first
    // heartbeat may be written while the job is still running; wait for one written after it.
    await waitFor('the job ended and a heartbeat says so', async () => {
      const fleet = await read();
      const [search] = fleet.queues;
      return search!.waiting === 0 && search!.active === 0 && fleet.workers[0]?.drivers === 0;
    });
    const keys = searchKeys(prefix);
    await redis().redis.set(keys.lease('driver-a'), 'w1:5f0c', 'PX', 60_000);
    await redis().redis.set(keys.lease('driver-b'), 'gone-worker:77aa', 'PX', 60_000);
    await redis().redis.set(keys.lease('driver-c'), `free:${Date.now() + 500}`, 'PX', 60_000);
    const fleet = await read();
    expect(fleet.workers).toEqual([expect.objectContaining({ id: 'w1', alive: true, capacity: 7, drivers: 0, leases: 1, pid: process.pid, searchesStarted: 0, jobsLost: 0 })]);
    expect(fleet.workers[0]!.lastSeenAt).toBeGreaterThan(fleet.readAt - 2 * HEARTBEAT_MS);
    expect(fleet.leases).toEqual({ held: 2, unknownHolder: 1, released: 1 });
  });

  it('shows a worker that stopped beating as silent, and forgets one that stopped cleanly', async () => {
    const keys = searchKeys(prefix);
    const longAgo = Date.now() - 60_000;
    await writeHeartbeat(
      redis().redis,
      keys,
      { id: 'w0-killed', startedAt: longAgo, capacity: 3000, drivers: 4, leases: 4, searchesStarted: 9, leasesLost: 0, jobsLost: 1, handedOver: 0 },
      longAgo,
    );
    let fleet = await read();
    expect(fleet.workers.map((w) => [w.id, w.alive])).toEqual([
      ['w1', true],
      ['w0-killed', false],
    ]);
    await worker!.close();
    worker = null;
    fleet = await read();
    expect(fleet.workers.map((w) => w.id)).toEqual(['w0-killed']);
  });
});
