/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createAdapters, type Adapters } from './adapters/index.js';
import { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings, type SearchDependencies } from './engine/dependencies.js';
import { LocalSearchRunner, type SearchRunner } from './engine/runner.js';
import { createNotifications, type Notifications } from './notifications/service.js';
import { BullSearchRunner } from './scaling/bullSearchRunner.js';
import { searchKeys } from './scaling/keys.js';
import { openRedis } from './scaling/redis.js';
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
  /** The shared Redis connection (REDIS_URL), or null for the embedded single process. */
  redis?: Redis | null;
}

/** The adapters and services a search runs on (an API process and a search worker alike). */
export interface EngineParts {
  adapters: Adapters;
  background: BackgroundTasks;
  tokenCipher: TokenCipher;
  notifications: Notifications;
  searchDependencies: SearchDependencies;
}

/** The adapters chosen from the configuration (`adapters` replacing some) and the engine built on them. */
export function createEngineParts(config: ServerConfig, db: Kysely<DatabaseSchema>, { clock, log, adapters, engine = {}, redis = null }: ContextOptions): EngineParts {
  const chosen: Adapters = { ...createAdapters(config, db, clock, log, redis), ...adapters };
  const background = new BackgroundTasks(log);
  const tokenCipher = createTokenCipher(loadTokenKey({ envValue: config.platform.tokenKey, dataDir: config.dataDir }));
  const notifications = createNotifications({ db, mailer: chosen.mailer, telegram: chosen.telegram, whatsApp: chosen.whatsApp, background, log, publicUrl: config.publicUrl });
  const searchDependencies: SearchDependencies = {
    db,
    tokenCipher,
    platform: chosen.platform,
    background,
    clock,
    log,
    notifications,
    timings: { ...DEFAULT_ENGINE_TIMINGS, ...engine.timings },
    ...(engine.random ? { random: engine.random } : {}),
    ...(engine.observePollLag ? { observePollLag: engine.observePollLag } : {}),
  };
  return { adapters: chosen, background, tokenCipher, notifications, searchDependencies };
}

/**
 * The context for a configuration. Without REDIS_URL every search runs in this process
 * ({@link LocalSearchRunner}); with it, searches run in the workers and this process only queues
 * and signals them ({@link BullSearchRunner}), over one Redis connection it opens and the runner
 * closes.
 */
export function createContext(config: ServerConfig, db: Kysely<DatabaseSchema>, options: Omit<ContextOptions, 'redis'>): AppContext {
  const { redisUrl, redisPrefix, workerId, timings } = config.scaling;
  const redis = redisUrl ? openRedis(redisUrl, `${workerId}-api`) : null;
  const { adapters, background, tokenCipher, notifications, searchDependencies } = createEngineParts(config, db, { ...options, redis });
  const search: SearchRunner = redis
    ? new BullSearchRunner({ redis, keys: searchKeys(redisPrefix), db, log: options.log, stopWaitMs: timings.leaseMs, resumeSpreadMs: searchDependencies.timings.resumeSpreadMs })
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
  };
}
