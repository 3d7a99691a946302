/**
 * A search worker in a server process (SERVER_ROLE=worker, or =all with REDIS_URL): the engine's
 * adapters and services built as an API process builds them, around a {@link SearchWorker}.
 */
import type { Kysely } from 'kysely';
import { RedisRateLimiter } from '../adapters/rateLimit/redisRateLimiter.js';
import { createEngineParts, type ContextOptions } from '../engineParts.js';
import type { DatabaseSchema } from '../db/schema.js';
import { writeHealthEvery } from '../stores/healthStore.js';
import type { ServerConfig } from '../config.js';
import { searchKeys } from './keys.js';
import { scheduleOfferLogRetention } from './offerLogRetention.js';
import { openRedis } from '../adapters/redis.js';
import { RedisLiveEvents } from './redisLiveEvents.js';
import { SearchWorker } from './searchWorker.js';

/** A running worker and how to stop it (handing its drivers over first). */
export interface WorkerProcess {
  worker: SearchWorker;
  close(): Promise<void>;
}

/** Starts taking search jobs; REDIS_URL must be set. */
export async function startSearchWorker(
  config: ServerConfig,
  db: Kysely<DatabaseSchema>,
  options: Omit<ContextOptions, 'sharedRateLimiter' | 'sharedLiveEvents'>,
): Promise<WorkerProcess> {
  const { redisUrl, redisPrefix, workerId, workerCapacity, timings } = config.scaling;
  if (!redisUrl) throw new Error('a search worker needs REDIS_URL');
  const redis = openRedis(redisUrl, `${workerId}-worker`);
  const keys = searchKeys(redisPrefix);
  const live = new RedisLiveEvents(redis, keys.liveChannel, options.log, keys.creditFellChannel);
  const { adapters, background, creditWatch, engineHealth, searchDependencies } = createEngineParts(config, db, {
    ...options,
    sharedRateLimiter: new RedisRateLimiter(redis, redisPrefix),
    sharedLiveEvents: live,
  });
  // The automatic top-up runs in the API processes (they hold the payments): tell them.
  const stopForwarding = live.forwardCreditFalls(creditWatch);
  // The engine's minutes, for the console (docs/OPERATIONS.md "Engine health").
  const healthWriter = writeHealthEvery({ db, series: engineHealth, processName: `${workerId}-worker`, now: () => options.clock.now(), log: options.log });
  const worker = new SearchWorker({ redis, keys, db, deps: searchDependencies, workerId, capacity: workerCapacity, timings });
  await worker.start();
  const stopRetention = scheduleOfferLogRetention({
    db,
    retentionDays: config.scaling.offerLogRetentionDays,
    now: () => options.clock.now().getTime(),
    log: options.log,
    redis: { connection: redis, lockKey: `${redisPrefix}:offer-log-retention` },
  });
  return {
    worker,
    async close() {
      stopRetention();
      await worker.close();
      await healthWriter.stop();
      stopForwarding();
      // Notifications of the last steps go out before the connections close.
      await background.drain();
      await live.close();
      await Promise.all([adapters.mailer.close(), adapters.telegram.close(), adapters.whatsApp.close(), adapters.platform.close()]);
    },
  };
}
