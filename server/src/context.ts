/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Adapters } from './adapters/index.js';
import { InProcessJobQueues } from './adapters/jobs/inProcessJobQueues.js';
import type { JobQueues } from './adapters/jobs/types.js';
import type { BackgroundTasks } from './background.js';
import type { LiveEvents } from './adapters/live/types.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { SessionCache } from './features/auth/sessionCache.js';
import { createEngineParts, type ContextOptions } from './engineParts.js';
import type { CreditWatch } from './engine/creditWatch.js';
import type { EngineHealthSeries } from './engine/health.js';
import { LocalSearchRunner, type SearchRunner } from './engine/runner.js';
import type { Notifications } from './notifications/service.js';
import { createPasswordHasher, type PasswordHasher } from './security/passwords.js';
import type { TokenCipher } from './security/tokenCipher.js';
import type { SearchFleet } from './scaling/fleet.js';
import type { ServerConfig } from './config.js';

export type { ContextOptions, EngineOptions } from './engineParts.js';

export interface AppContext extends Adapters {
  config: ServerConfig;
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  passwords: PasswordHasher;
  background: BackgroundTasks;
  /** Background work in jobs, retried until done: BullMQ over REDIS_URL, in this process otherwise (adapters/jobs). */
  jobs: JobQueues;
  log: FastifyBaseLogger;
  /** Seals platform tokens at rest (PLATFORM_TOKEN_KEY, or the generated key file). */
  tokenCipher: TokenCipher;
  /** Tells drivers what the engine did, on their channels. */
  notifications: Notifications;
  /** Starts and stops drivers' searches. */
  search: SearchRunner;
  /** Signs e-mailed links (address verification): LINK_SIGNING_KEY, or the generated key file. */
  linkSigningKey: Buffer;
  /** Signals every open device of a driver hears at once (docs/LIVE.md). */
  live: LiveEvents;
  /** The engine's fee charges in this process, heard by the automatic top-up (docs/LIVE.md). */
  creditWatch: CreditWatch;
  /** This process's engine, minute by minute, for the console (docs/OPERATIONS.md "Engine health"). */
  engineHealth: EngineHealthSeries;
  /** With REDIS_URL: the search workers, their leases and the search queue, read for the console; null for the single process. */
  fleet: Pick<SearchFleet, 'read' | 'close'> | null;
  /** Who live access tokens belong to, in memory; revocations go through it (docs/SECURITY.md "Session cache"). */
  sessions: SessionCache;
}

/** The scale-out (BullMQ, ioredis): what {@link loadScaleOut} loads when REDIS_URL is set. */
export type ScaleOut = typeof import('./scaling/index.js');

/** The scale-out when the configuration has REDIS_URL; null for the embedded single process. */
export async function loadScaleOut(config: ServerConfig): Promise<ScaleOut | null> {
  // Dynamic so the single process (no REDIS_URL) never loads BullMQ and ioredis (start-up time, memory).
  return config.scaling.redisUrl ? await import('./scaling/index.js') : null;
}

/** What a context is built from: with REDIS_URL, also the scale-out from {@link loadScaleOut}. */
export interface CreateContextOptions extends Omit<ContextOptions, 'sharedRateLimiter' | 'sharedLiveEvents'> {
  scaleOut?: ScaleOut | null | undefined;
}

/**
 * The context for a configuration. Without REDIS_URL every search runs in this process
 * ({@link LocalSearchRunner}); with it, searches run in the workers and this process only queues
 * and signals them (`BullSearchRunner`), over one Redis connection it opens and the runner closes.
 * With REDIS_URL, `options.scaleOut` must be the module {@link loadScaleOut} loaded.
 */
export function createContext(config: ServerConfig, db: Kysely<DatabaseSchema>, { scaleOut, ...options }: CreateContextOptions): AppContext {
  const { redisPrefix, timings } = config.scaling;
  const shared = openSharedRedis(config, scaleOut);
  const sharedRateLimiter = shared ? new shared.scaleOut.RedisRateLimiter(shared.redis, redisPrefix) : null;
  const sharedLiveEvents = shared ? new shared.scaleOut.RedisLiveEvents(shared.redis, shared.keys.liveChannel, options.log, shared.keys.creditFellChannel) : null;
  const { adapters, background, tokenCipher, linkSigningKey, notifications, live, creditWatch, engineHealth, searchDependencies } = createEngineParts(config, db, {
    ...options,
    sharedRateLimiter,
    sharedLiveEvents,
  });
  // Fees charged in the workers reach this process's automatic top-up (docs/LIVE.md "Automatic top-up").
  sharedLiveEvents?.hearCreditFalls(creditWatch);
  const search: SearchRunner = shared
    ? new shared.scaleOut.BullSearchRunner({
        redis: shared.redis,
        keys: shared.keys,
        db,
        log: options.log,
        stopWaitMs: timings.leaseMs,
        resumeSpreadMs: searchDependencies.timings.resumeSpreadMs,
      })
    : new LocalSearchRunner(searchDependencies);
  return {
    ...adapters,
    config,
    db,
    clock: options.clock,
    passwords: createPasswordHasher(config.auth.scryptLog2Cost),
    background,
    jobs: shared ? new shared.scaleOut.BullJobQueues(shared.redis, redisPrefix, timings, `${config.scaling.workerId}-api`, options.log) : new InProcessJobQueues(options.log),
    log: options.log,
    tokenCipher,
    notifications,
    search,
    linkSigningKey,
    live,
    creditWatch,
    engineHealth,
    fleet: shared ? new shared.scaleOut.SearchFleet(shared.redis, shared.keys) : null,
    // With Redis there may be other API processes: their caches hear this one's revocations.
    sessions: new SessionCache({
      shared: shared ? new shared.scaleOut.RedisSessionInvalidations(shared.redis, shared.scaleOut.searchKeys(redisPrefix).sessionChannel, options.log) : null,
    }),
  };
}

/** With REDIS_URL: the loaded scale-out, this API process's connection and the keys; null without. */
function openSharedRedis(config: ServerConfig, scaleOut: ScaleOut | null | undefined): { scaleOut: ScaleOut; redis: Redis; keys: ReturnType<ScaleOut['searchKeys']> } | null {
  const { redisUrl, redisPrefix, workerId } = config.scaling;
  if (!redisUrl) return null;
  if (!scaleOut) throw new Error('REDIS_URL is set: build the context with the scale-out from loadScaleOut(config)');
  return { scaleOut, redis: scaleOut.openRedis(redisUrl, `${workerId}-api`), keys: scaleOut.searchKeys(redisPrefix) };
}
