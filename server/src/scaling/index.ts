/**
 * What the rest of the server uses of the scale-out: everything that loads BullMQ or ioredis.
 * Reached only through `loadScaleOut` in context.ts, a dynamic import taken when REDIS_URL is set,
 * so the embedded single process never loads either library. Import it statically only from code
 * that runs with Redis anyway (this folder, Redis tests).
 */
export { RedisRateLimiter } from '../adapters/rateLimit/redisRateLimiter.js';
export { BullJobQueues } from '../adapters/jobs/bullJobQueues.js';
export { BullSearchRunner } from './bullSearchRunner.js';
export { SearchFleet } from './fleet.js';
export { searchKeys } from './keys.js';
export { openRedis } from '../adapters/redis.js';
export { RedisLiveEvents } from './redisLiveEvents.js';
export { RedisSessionInvalidations } from './sessionInvalidation.js';
export { startSearchWorker } from './workerProcess.js';
