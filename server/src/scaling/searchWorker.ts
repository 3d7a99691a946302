/**
 * A search worker: takes drivers' jobs from the queue (BullMQ) and runs one {@link UserSearch}
 * per job for as long as the driver searches, the job held under the worker's lock (renewed by
 * BullMQ) and the driver under the worker's lease (leases.ts). Which worker runs a driver is
 * BullMQ's choice; that only one does at a time is the lease's guarantee.
 *
 * A job ends when the driver no longer searches (`users.searching` false: Stop, or the search
 * stopped by itself); a Stop or restart arrives over pub/sub and aborts the search at once. On
 * close (SIGTERM) every search is aborted (the step under way finishes), its lease released with
 * the time its next poll is due and its job put back in the queue, so another worker takes it
 * over at once and keeps the driver's pace. A killed worker's jobs go back to the queue when their
 * locks lapse (lock duration + stalled check, see config.ts).
 */
import { randomUUID } from 'node:crypto';
import { WaitingError, Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { SearchDependencies } from '../engine/dependencies.js';
import { UserSearch } from '../engine/userSearch.js';
import type { OwnershipTimings } from './config.js';
import { parseControl, type ControlMessage } from './control.js';
import { fencedGateway, type PollPace } from './fencedPlatform.js';
import type { SearchKeys } from './keys.js';
import { UserLeases } from './leases.js';
import { closeRedis } from '../adapters/redis.js';
import { enqueueSearch, noLongerSearching, openSearchQueue, shouldSearch, type SearchJobData } from './searchJobs.js';
import { HEARTBEAT_MS, removeHeartbeat, writeHeartbeat } from './workerRegistry.js';

/** What a worker is built from. */
export interface SearchWorkerOptions {
  /** Shared connection (leases, re-queueing); BullMQ and the subscriber open their own from it. Closed with the worker. */
  redis: Redis;
  keys: SearchKeys;
  /** Where `users.searching` is read (the search itself reads and writes through its stores). */
  db: Kysely<DatabaseSchema>;
  deps: SearchDependencies;
  /** Names this worker in leases and BullMQ. */
  workerId: string;
  /** Drivers this worker searches at most. */
  capacity: number;
  timings: OwnershipTimings;
  /** How often the worker re-reads `users.searching` for all its drivers (the backstop of a lost Stop). Default 5000 ms. */
  recheckMs?: number;
}

/** One driver held by this worker. */
interface Slot {
  userId: string;
  /** Resolves when the job's processor has ended (its lease released). */
  ended: Promise<void>;
  search: UserSearch | null;
  controller: AbortController | null;
  pace: PollPace;
  /** BullMQ gave the job to another worker: this one must let go without finishing the job. */
  jobLost: boolean;
  /**
   * Set when the job came back to this worker while an earlier processor of it still ran: BullMQ
   * stops renewing the lock when that earlier processor ends (it tracks locks by job id), so this
   * worker renews it itself.
   */
  ownLock: { job: Job<SearchJobData>; token: string } | null;
}

/** What happened on a worker since it started (metrics, benchmarks). */
export interface SearchWorkerStats {
  /** Searches begun (a job's first, and each restart after a Stop-then-Start or a lease lost). */
  searchesStarted: number;
  /** Leases found taken at renewal. */
  leasesLost: number;
  /** Times a renewal tick found a lease past its deadline on this worker's clock (renewals late or failing): calls refused meanwhile. */
  leasesExpired: number;
  /** Jobs whose BullMQ lock could not be renewed (taken over by another worker). */
  jobsLost: number;
  /** Drivers handed over on close. */
  handedOver: number;
}

/** How long a job waits before asking again for a lease another worker still holds. */
const LEASE_RETRY_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SearchWorker {
  private readonly slots = new Map<string, Slot>();
  private readonly leases: UserLeases;
  private readonly queue: Queue<SearchJobData>;
  private readonly subscriber: Redis;
  private worker: Worker<SearchJobData, string> | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private closing = false;
  private renewing = false;
  private lastRecheck = 0;
  private readonly counters: SearchWorkerStats = { searchesStarted: 0, leasesLost: 0, leasesExpired: 0, jobsLost: 0, handedOver: 0 };

  constructor(private readonly options: SearchWorkerOptions) {
    const { redis, keys, workerId, timings } = options;
    this.leases = new UserLeases(redis, keys.lease, `${workerId}:${randomUUID()}`, timings.leaseMs);
    this.queue = openSearchQueue(redis, keys);
    this.subscriber = redis.duplicate({ connectionName: `${workerId}-control` });
  }

  /** Drivers this worker holds (searching, or about to). */
  get size(): number {
    return this.slots.size;
  }

  /** Counters since the worker started (a copy). */
  get stats(): SearchWorkerStats {
    return { ...this.counters };
  }

  /** The drivers this worker holds. */
  userIds(): string[] {
    return [...this.slots.keys()];
  }

  /** Subscribes to the control channel, then starts taking jobs. */
  async start(): Promise<void> {
    const { keys, workerId, capacity, timings, deps } = this.options;
    this.subscriber.on('message', (_channel: string, payload: string) => {
      const message = parseControl(payload);
      if (message) this.onControl(message);
    });
    await this.subscriber.subscribe(keys.controlChannel);
    this.worker = new Worker<SearchJobData, string>(keys.queueName, (job, token) => this.process(job, token ?? ''), {
      connection: this.options.redis,
      prefix: keys.bullPrefix,
      name: workerId,
      concurrency: capacity,
      lockDuration: timings.lockDurationMs,
      stalledInterval: timings.stalledIntervalMs,
      // A search job "stalls" whenever its worker dies; that is a handover, never a reason to fail it.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
    });
    this.worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const jobId of jobIds) this.letGo(jobId, 'job lock lost');
    });
    this.worker.on('error', (error: Error) => deps.log.warn({ err: error }, 'search worker: queue error'));
    // A Start racing the end of the driver's previous job found the job still there and added
    // nothing; the driver searches, so queue it again.
    this.worker.on('completed', (job: Job<SearchJobData>) => void this.requeueIfSearching(job.data.userId));
    this.worker.on('failed', (job: Job<SearchJobData> | undefined) => {
      if (job) void this.requeueIfSearching(job.data.userId);
    });
    this.renewTimer = setInterval(() => void this.renewLeases(), timings.leaseRenewMs);
    await this.worker.waitUntilReady();
    // The registry the console reads (workerRegistry.ts).
    this.startedAt = Date.now();
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    deps.log.info({ workerId, capacity }, 'search worker started');
  }

  /** Hands every driver over to the other workers (see the file's comment) and closes. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const slot of this.slots.values()) slot.controller?.abort();
    await this.worker?.close();
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    await removeHeartbeat(this.options.redis, this.options.keys, this.options.workerId).catch((error: unknown) =>
      this.options.deps.log.warn({ err: error }, 'search worker: could not leave the registry'),
    );
    await this.queue.close();
    await closeRedis(this.subscriber);
    await closeRedis(this.options.redis);
  }

  /** Tells the registry who this worker is and what it holds; a failure (Redis away) waits for the next beat. */
  private async heartbeat(): Promise<void> {
    const { redis, keys, workerId, capacity, deps } = this.options;
    const { searchesStarted, leasesLost, jobsLost, handedOver } = this.counters;
    try {
      await writeHeartbeat(redis, keys, {
        id: workerId,
        startedAt: this.startedAt,
        capacity,
        drivers: this.slots.size,
        leases: this.leases.size,
        searchesStarted,
        leasesLost,
        jobsLost,
        handedOver,
      });
    } catch (error) {
      deps.log.warn({ err: error }, 'search worker: heartbeat not written');
    }
  }

  /** One job: the driver's searches, one after another, until the driver no longer searches. */
  private async process(job: Job<SearchJobData>, token: string): Promise<string> {
    const { userId } = job.data;
    let ended!: () => void;
    const slot: Slot = {
      userId,
      ended: new Promise((resolve) => (ended = resolve)),
      search: null,
      controller: null,
      pace: { nextPollAt: job.data.notBefore ?? 0 },
      jobLost: false,
      ownLock: null,
    };
    // The job came back to this same worker (its lock lapsed while this worker was stalled): the
    // processor still holding it must end first, or the driver would be searched twice here (the
    // lease is this worker's either way).
    const previous = this.slots.get(userId);
    this.slots.set(userId, slot);
    if (previous) {
      slot.ownLock = { job, token };
      this.letGo(userId, 'job taken up again by this worker', previous);
      await previous.ended;
      slot.pace.nextPollAt = Math.max(slot.pace.nextPollAt, previous.pace.nextPollAt);
    }
    try {
      for (;;) {
        if (slot.jobLost) return 'lost';
        if (this.closing) return await this.handOver(job, token, slot);
        const notBefore = await this.leases.acquire(userId);
        if (notBefore === null) {
          await sleep(LEASE_RETRY_MS);
          continue;
        }
        slot.pace.nextPollAt = Math.max(slot.pace.nextPollAt, notBefore);
        if (!(await shouldSearch(this.options.db, userId))) return 'stopped';
        await this.runSearch(slot);
      }
    } finally {
      if (this.slots.get(userId) === slot) {
        this.slots.delete(userId);
        await this.leases.release(userId, slot.pace.nextPollAt).catch((error: unknown) => this.options.deps.log.warn({ err: error, userId }, 'could not release a lease'));
      }
      ended();
    }
  }

  /** Runs one search for the driver until it ends (aborted, or stopped by itself). */
  private async runSearch(slot: Slot): Promise<void> {
    const controller = new AbortController();
    const deps: SearchDependencies = {
      ...this.options.deps,
      platform: fencedGateway(this.options.deps.platform, () => this.leases.valid(slot.userId), slot.pace),
    };
    const search = new UserSearch(deps, slot.userId, controller.signal);
    this.counters.searchesStarted++;
    slot.search = search;
    slot.controller = controller;
    // A Stop or a close that arrived between two searches.
    if (this.closing || slot.jobLost) controller.abort();
    await search.begin(Math.max(0, slot.pace.nextPollAt - Date.now()));
    slot.search = null;
    slot.controller = null;
  }

  /**
   * Puts the job back in the queue for another worker, the lease released first (with the time
   * the driver's next poll is due) so the next worker neither waits nor polls too soon.
   */
  private async handOver(job: Job<SearchJobData>, token: string, slot: Slot): Promise<never> {
    await this.leases.release(slot.userId, slot.pace.nextPollAt);
    this.counters.handedOver++;
    await job.moveToWait(token);
    throw new WaitingError();
  }

  private onControl({ op, userId }: ControlMessage): void {
    const slot = this.slots.get(userId);
    if (!slot) return;
    if (op === 'stop') slot.controller?.abort();
    // Start again: the time zone may be new.
    else slot.search?.invalidate(op === 'start' ? 'filters' : op);
  }

  /** Stops the driver's search here for good (another processor owns the job now). */
  private letGo(userId: string, why: string, slot = this.slots.get(userId)): void {
    if (!slot) return;
    this.options.deps.log.warn({ userId, why }, 'search worker let a driver go');
    this.counters.jobsLost++;
    slot.jobLost = true;
    slot.controller?.abort();
  }

  /** Renews every lease; a lost one aborts its search (the job asks for the lease again). */
  private async renewLeases(): Promise<void> {
    // A renewal slower than its interval (Redis busy) is not doubled up.
    if (this.renewing) return;
    this.renewing = true;
    try {
      await this.renewAndRecheck();
    } finally {
      this.renewing = false;
    }
  }

  private async renewAndRecheck(): Promise<void> {
    const { log } = this.options.deps;
    const { db } = this.options;
    try {
      for (const userId of await this.leases.renewAll()) {
        this.counters.leasesLost++;
        this.slots.get(userId)?.controller?.abort();
      }
    } catch (error) {
      log.warn({ err: error }, 'search worker: lease renewal failed');
    }
    for (const slot of this.slots.values()) {
      if (!slot.ownLock) continue;
      const extended = await slot.ownLock.job.extendLock(slot.ownLock.token, this.options.timings.lockDurationMs).catch(() => 0);
      if (!extended) this.letGo(slot.userId, 'job lock lost', slot);
    }
    // A lease past its deadline on this clock only blocks platform calls (the fence): the next
    // renewal either confirms it (calls resume) or finds it gone (the search restarts). Aborting
    // here would turn one late timer on a busy worker into a restart of every driver at once.
    this.counters.leasesExpired += this.leases.expired().length;
    const recheckMs = this.options.recheckMs ?? 5_000;
    if (Date.now() - this.lastRecheck < recheckMs || this.slots.size === 0) return;
    this.lastRecheck = Date.now();
    try {
      for (const userId of await noLongerSearching(db, this.userIds())) this.slots.get(userId)?.controller?.abort();
    } catch (error) {
      log.warn({ err: error }, 'search worker: could not re-read which drivers search');
    }
  }

  private async requeueIfSearching(userId: string): Promise<void> {
    try {
      if (!this.closing && (await shouldSearch(this.options.db, userId))) await enqueueSearch(this.queue, userId);
    } catch (error) {
      this.options.deps.log.warn({ err: error, userId }, 'could not re-queue a searching driver');
    }
  }
}
