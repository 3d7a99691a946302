/**
 * The scale-out end to end: three search-worker processes and two API processes (src/main.ts in
 * its roles) on one PostgreSQL schema and one Redis prefix, against a simulator whose record says
 * which worker made every platform call (each worker sends its id as x-sim-client). Drivers are
 * signed up and connected through the real services, then started and stopped over HTTP through
 * either API process.
 *
 * Asserted: drivers spread over the workers (no one worker holds them all); after kill -9 of a
 * worker every one of its drivers polls again from another worker within the failover bound; Stop through either API ends the
 * search wherever it runs before the answer, Start through the other brings it back; SIGTERM of a
 * worker hands its drivers over without a gap; and over the whole run the simulator saw no account
 * polled by two workers at once and no offer won twice.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { RequestRecord, Simulator } from '@blockpilot/platform-sim';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { anyBlockFilter, connectDriver, eligibleAreas, setFilters, signUpDriver, waitFor } from '../../test/platform.js';
import { openProcessFleet, type ProcessFleet } from '../../test/processFleet.js';
import { DEFAULT_OWNERSHIP_TIMINGS } from './config.js';
import { searchKeys } from './keys.js';
import { leaseHolder } from './leases.js';
import { stopServer, type ServerProcess } from './serverProcesses.js';
import { describeWithRedis } from '../../test/redis.js';

const DRIVERS = 12;
const POLLS = '/GetOffersForProviderPost';
/** Lock lapse + the stalled check that re-queues the job + a first poll on a busy 2-core machine. */
const FAILOVER_BOUND_MS = DEFAULT_OWNERSHIP_TIMINGS.lockDurationMs + DEFAULT_OWNERSHIP_TIMINGS.stalledIntervalMs + 2_000;

interface Driver {
  userId: string;
  token: string;
  accountId: string;
}

describeWithRedis('scale-out: three workers and two API processes', (redis) => {
  let fleet: ProcessFleet | null = null;
  let sim: Simulator;
  const drivers: Driver[] = [];
  let apis: ServerProcess[] = [];
  let workers: ServerProcess[] = [];

  const pollsOf = (accountId: string): RequestRecord[] => sim.control.readRecord({ accountId }).requests.filter((r) => r.path === POLLS);
  const leaseOwner = async (userId: string) => leaseHolder(await redis().redis.get(searchKeys(prefix).lease(userId)))?.split(':')[0] ?? null;
  let prefix = '';

  const toggle = async (api: ServerProcess, driver: Driver): Promise<boolean> => {
    const res = await fetch(`${api.url}/api/user/toggleSearchState`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timezoneOffset: 0 }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { searching: boolean } }).data.searching;
  };

  before(async () => {
    fleet = await openProcessFleet(redis(), 'scale', { autoOffers: true, offerRatePerAreaPerMinute: 6, rivalMeanDelayMs: 20_000, rateLimitMax: 20, recordSize: 200_000 });
    sim = fleet.sim;
    prefix = fleet.prefix;
    const started = await Promise.all([...['w1', 'w2', 'w3'].map((id) => fleet!.spawn(id, 'worker')), ...['api1', 'api2'].map((id) => fleet!.spawn(id, 'api'))]);
    workers = started.filter((s) => s.role === 'worker');
    apis = started.filter((s) => s.role === 'api');

    const setup = testContext(fleet.database, { env: simulatorEnv(fleet.simulatorUrl) });
    for (let i = 0; i < DRIVERS; i++) {
      const { user, token } = await signUpDriver(setup);
      await connectDriver(setup, user);
      await setFilters(setup, user.id, [anyBlockFilter(await eligibleAreas(setup, user.id))]);
      drivers.push({ userId: user.id, token, accountId: (await loadPlatformAccount(setup.db, setup.tokenCipher, user.id))!.platformUserId });
    }
    await setup.platform.close();
  });

  after(async () => {
    await fleet?.close();
  });

  it('spreads drivers, fails over within the bound, obeys Stop/Start through either API, hands over on SIGTERM, never polls one account twice at once', async () => {
    // Start: every driver through one API process or the other, one after the other once the
    // last one's job is taken. Which worker takes a new job is Redis's and BullMQ's business, not
    // a turn each: runs here gave 4/4/4, 1/6/5, 6/6/0 (with every worker blocked on the queue
    // before each Start) and 6/0/6 (on a quiet machine). What the product promises is that the
    // work is shared and nothing is lost.
    for (const [i, driver] of drivers.entries()) {
      expect(await toggle(apis[i % 2]!, driver)).toBe(true);
      await waitFor(`${driver.userId}'s job taken`, async () => (await leaseOwner(driver.userId)) !== null, 10_000);
    }
    await waitFor('every driver polled', () => drivers.every((d) => pollsOf(d.accountId).length >= 2), 30_000);

    const owners = new Map<string, string>();
    for (const driver of drivers) owners.set(driver.userId, (await leaseOwner(driver.userId))!);
    const perWorker = workers.map((w) => [...owners.values()].filter((o) => o === w.id).length);
    console.log(`# drivers per worker: ${workers.map((w, i) => `${w.id}=${perWorker[i]}`).join(', ')}`);
    expect(perWorker.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    // The lease holder is the worker the simulator sees polling.
    for (const driver of drivers) expect(pollsOf(driver.accountId).at(-1)!.clientId).toBe(owners.get(driver.userId));

    // kill -9 the busiest worker.
    const victim = workers[perWorker.indexOf(Math.max(...perWorker))]!;
    const orphans = drivers.filter((d) => owners.get(d.userId) === victim.id);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    const failovers = await waitFor(
      'every orphan polled by another worker',
      () => {
        const times = orphans.map((d) => pollsOf(d.accountId).find((p) => p.startedAt > killedAt && p.clientId !== victim.id)?.startedAt);
        return times.every((t) => t !== undefined) && times.map((t) => t! - killedAt);
      },
      FAILOVER_BOUND_MS + 10_000,
    );
    console.log(`# kill -9 of ${victim.id} (${orphans.length} drivers): searching again after ${failovers.join(', ')} ms (bound ${FAILOVER_BOUND_MS} ms)`);
    expect(Math.max(...failovers)).toBeLessThanOrEqual(FAILOVER_BOUND_MS);
    const alive = workers.filter((w) => w !== victim);

    const driversOf = (worker: ServerProcess) => drivers.filter((d) => pollsOf(d.accountId).at(-1)!.clientId === worker.id);
    const holding = alive.filter((worker) => driversOf(worker).length > 0);
    expect(holding.length).toBeGreaterThanOrEqual(1);

    // Stop through API 2 and Start through API 1, for a driver on each live worker that holds one.
    for (const worker of holding) {
      const driver = driversOf(worker)[0]!;
      expect(await toggle(apis[1]!, driver)).toBe(false);
      const stoppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(pollsOf(driver.accountId).filter((p) => p.startedAt > stoppedAt)).toEqual([]);
      expect(await leaseOwner(driver.userId)).toBeNull();
      expect(await toggle(apis[0]!, driver)).toBe(true);
      const restartedAt = Date.now();
      await waitFor(`${driver.userId} polled again`, () => pollsOf(driver.accountId).some((p) => p.startedAt > restartedAt), 10_000);
    }

    // SIGTERM: a worker holding drivers hands them to the last one, keeping their pace.
    const leaving = holding[0]!;
    const staying = alive.find((worker) => worker !== leaving)!;
    const handed = driversOf(leaving);
    const stoppingAt = Date.now();
    await stopServer(leaving);
    await waitFor(
      'handed-over drivers polled by the last worker',
      () => handed.every((d) => pollsOf(d.accountId).some((p) => p.startedAt > stoppingAt && p.clientId === staying.id)),
      15_000,
    );
    const gaps = handed.map((d) => {
      const polls = pollsOf(d.accountId);
      const first = polls.findIndex((p) => p.startedAt > stoppingAt && p.clientId === staying.id);
      return polls[first]!.startedAt - polls[first - 1]!.startedAt;
    });
    console.log(`# SIGTERM of ${leaving.id} (${handed.length} drivers): poll gaps across the handover ${gaps.join(', ')} ms`);
    // Released, not lapsed: a failover waits for the lease to expire (the lock duration after its
    // last renewal) and for a stalled check, so its gap is longer than the lock duration; a handover
    // is the platform's pace on a quiet machine (about 1,000 ms) and has measured up to 3.4 s on a
    // loaded CI machine. The bound is the lease, not the pace.
    for (const gap of gaps) expect(gap).toBeLessThan(DEFAULT_OWNERSHIP_TIMINGS.lockDurationMs);

    // Over the whole run: no account polled by two workers at once, no offer won twice.
    const violations = sim.control.findViolations();
    console.log(`# record: ${violations.examinedRequests} requests, ${violations.examinedAccepts} accepts examined`);
    expect(violations.concurrentPolling).toEqual([]);
    expect(violations.doubleAccepts).toEqual([]);
    expect(sim.control.readRecord({ limit: 1 }).droppedRequests).toBe(0);
  });
});
