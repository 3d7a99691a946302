/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createAdapters, type Adapters } from './adapters/index.js';
import { MemoryLiveEvents } from './adapters/live/memoryLiveEvents.js';
import type { LiveEvents } from './adapters/live/types.js';
import type { RateLimiter } from './adapters/rateLimit/types.js';
import { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings, type SearchDependencies } from './engine/dependencies.js';
import { RequestBudgets, budgetPolicyFor } from './engine/requestBudget.js';
import { LocalSearchRunner, type SearchRunner } from './engine/runner.js';
import { createNotifications, type Notifications } from './notifications/service.js';
import { createPasswordHasher, type PasswordHasher } from './security/passwords.js';
import { createTokenCipher, type TokenCipher } from './security/tokenCipher.js';
import { loadTokenKey } from './security/tokenKey.js';
import type { ServerConfig } from './types.js';

export interface AppContext extends Adapters {
  config: ServerConfig;
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  passwords: PasswordHasher;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  /** Seals platform tokens at rest (PLATFORM_TOKEN_KEY, or the generated key file). */
  tokenCipher: TokenCipher;
  /** Tells drivers what the engine did, on their channels. */
  notifications: Notifications;
  /** Starts and stops drivers' searches. */
  search: SearchRunner;
  /** Signals every open device of a driver hears at once (docs/LIVE.md). */
  live: LiveEvents;
}

/** How the engine runs: its timings (tests shorten them), jitter source and poll-lag observer. */
export interface EngineOptions {
  timings?: Partial<EngineTimings>;
  random?: () => number;
  observePollLag?: (lagMs: number) => void;
}

/** What a context is built around besides its configuration and database. */
export interface ContextOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  adapters?: Partial<Adapters> | undefined;
  engine?: EngineOptions | undefined;
  /** Rate-limit counters shared by every API process (REDIS_URL), or null for in-memory ones. */
  sharedRateLimiter?: RateLimiter | null;
  /** Live signals heard by every process (REDIS_URL), or null for this process alone. */
  sharedLiveEvents?: LiveEvents | null;
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

/** The adapters and services a search runs on (an API process and a search worker alike). */
export interface EngineParts {
  adapters: Adapters;
  background: BackgroundTasks;
  tokenCipher: TokenCipher;
  notifications: Notifications;
  live: LiveEvents;
  searchDependencies: SearchDependencies;
}

/** The adapters chosen from the configuration (`adapters` replacing some) and the engine built on them. */
export function createEngineParts(config: ServerConfig, db: Kysely<DatabaseSchema>, { clock, log, adapters, engine = {}, sharedRateLimiter = null, sharedLiveEvents = null }: ContextOptions): EngineParts {
  const chosen: Adapters = { ...createAdapters(config, db, clock, log, sharedRateLimiter), ...adapters };
  const background = new BackgroundTasks(log);
  const tokenCipher = createTokenCipher(loadTokenKey({ envValue: config.platform.tokenKey, dataDir: config.dataDir }));
  const notifications = createNotifications({ db, mailer: chosen.mailer, telegram: chosen.telegram, whatsApp: chosen.whatsApp, background, log, publicUrl: config.publicUrl });
  const live = sharedLiveEvents ?? new MemoryLiveEvents(log);
  const searchDependencies: SearchDependencies = {
    db,
    tokenCipher,
    live,
    platform: chosen.platform,
    background,
    clock,
    log,
    notifications,
    timings: { ...DEFAULT_ENGINE_TIMINGS, ...engine.timings },
    budgets: new RequestBudgets(budgetPolicyFor(config.platform.rateLimit)),
    pace: { minPollIntervalMs: config.platform.minPollIntervalMs },
    ...(engine.random ? { random: engine.random } : {}),
    ...(engine.observePollLag ? { observePollLag: engine.observePollLag } : {}),
  };
  return { adapters: chosen, background, tokenCipher, notifications, live, searchDependencies };
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
  const sharedLiveEvents = shared ? new shared.scaleOut.RedisLiveEvents(shared.redis, shared.scaleOut.searchKeys(redisPrefix).liveChannel, options.log) : null;
  const { adapters, background, tokenCipher, notifications, live, searchDependencies } = createEngineParts(config, db, { ...options, sharedRateLimiter, sharedLiveEvents });
  const search: SearchRunner = shared
    ? new shared.scaleOut.BullSearchRunner({
        redis: shared.redis,
        keys: shared.scaleOut.searchKeys(redisPrefix),
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
    log: options.log,
    tokenCipher,
    notifications,
    search,
    live,
  };
}

/** With REDIS_URL: the loaded scale-out and this API process's connection; null without. */
function openSharedRedis(config: ServerConfig, scaleOut: ScaleOut | null | undefined): { scaleOut: ScaleOut; redis: Redis } | null {
  const { redisUrl, workerId } = config.scaling;
  if (!redisUrl) return null;
  if (!scaleOut) throw new Error('REDIS_URL is set: build the context with the scale-out from loadScaleOut(config)');
  return { scaleOut, redis: scaleOut.openRedis(redisUrl, `${workerId}-api`) };
}
