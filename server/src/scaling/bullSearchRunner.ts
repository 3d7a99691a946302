/**
 * The API side of the scaled-out engine: a {@link SearchRunner} that runs nothing itself. Start
 * adds the driver's job to the queue (a worker picks it up); Stop and changes are published to the
 * worker holding the driver, wherever it runs. `users.searching` stays the durable truth: the
 * caller sets it before Start and Stop, and workers read it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { SearchRunner } from '../engine/runner.js';
import { searchingUserIds } from '../stores/drivers.js';
import type { SearchChange } from '../engine/searchState.js';
import { publishControl, type ControlMessage } from './control.js';
import type { SearchKeys } from './keys.js';
import { leaseHolder } from './leases.js';
import { closeRedis } from '../adapters/redis.js';
import { enqueueSearch, enqueueSearches, openSearchQueue, shouldSearch, type SearchJobData } from './searchJobs.js';

/** What the API-side runner needs. */
export interface BullSearchRunnerOptions {
  /** Shared connection; closed with the runner. */
  redis: Redis;
  keys: SearchKeys;
  db: Kysely<DatabaseSchema>;
  log: FastifyBaseLogger;
  /** How long Stop waits at most for the worker to let the driver go (the lease's lifetime). */
  stopWaitMs: number;
  /** Resumed drivers' first polls are spread over this (the engine's resumeSpreadMs). */
  resumeSpreadMs: number;
}

export class BullSearchRunner implements SearchRunner {
  private readonly queue: Queue<SearchJobData>;

  constructor(private readonly options: BullSearchRunnerOptions) {
    this.queue = openSearchQueue(options.redis, options.keys);
  }

  start(userId: string): void {
    void (async () => {
      await enqueueSearch(this.queue, userId);
      // A worker already holding the driver (a Stop under way) searches on, in the new time zone.
      await this.publish({ op: 'start', userId });
    })().catch((error: unknown) => this.options.log.error({ err: error, userId }, 'could not queue the search'));
  }

  /**
   * Tells the holder to stop; when `users.searching` is false, resolves once the worker let the
   * driver go (its lease released) or after `stopWaitMs`. With `searching` still true (a new
   * connection) the worker starts the search again at once, on the new tokens.
   */
  async stop(userId: string): Promise<void> {
    await this.publish({ op: 'stop', userId });
    if (await shouldSearch(this.options.db, userId)) return;
    const lease = this.options.keys.lease(userId);
    const deadline = Date.now() + this.options.stopWaitMs;
    while (Date.now() < deadline && leaseHolder(await this.options.redis.get(lease))) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  /** Whether the driver should be searching: asked of the database, since the search runs elsewhere. */
  has(userId: string): Promise<boolean> {
    return shouldSearch(this.options.db, userId);
  }

  changed(userId: string, change: SearchChange): void {
    this.publish({ op: change, userId }).catch((error: unknown) => this.options.log.error({ err: error, userId }, 'could not tell the worker about a change'));
  }

  /** Queues every driver whose `users.searching` is true (jobs that exist are left alone). */
  async resumeAll(): Promise<number> {
    const userIds = await searchingUserIds(this.options.db);
    await enqueueSearches(this.queue, userIds, this.options.resumeSpreadMs);
    if (userIds.length) this.options.log.info({ searches: userIds.length }, 'queued the searching drivers');
    return userIds.length;
  }

  /** Closes the queue and the connection; the searches go on in the workers. */
  async close(): Promise<void> {
    await this.queue.close();
    await closeRedis(this.options.redis);
  }

  private publish(message: ControlMessage): Promise<void> {
    return publishControl(this.options.redis, this.options.keys.controlChannel, message);
  }
}
