/**
 * What a search runs on, built from the configuration: the adapters, background tasks, token
 * cipher, notifications and the engine's dependencies. Both composition roots use it: the API
 * process's context (context.ts) and a search worker (scaling/workerProcess.ts), so neither
 * reaches into the other.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createAdapters, type Adapters } from './adapters/index.js';
import { MemoryLiveEvents } from './adapters/live/memoryLiveEvents.js';
import type { LiveEvents } from './adapters/live/types.js';
import type { RateLimiter } from './adapters/rateLimit/types.js';
import { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { CreditWatch } from './engine/creditWatch.js';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings, type SearchDependencies } from './engine/dependencies.js';
import { EngineHealthSeries } from './engine/health.js';
import { RequestBudgets, budgetPolicyFor } from './engine/requestBudget.js';
import { createNotifications, type Notifications } from './notifications/service.js';
import { createTokenCipher, type TokenCipher } from './security/tokenCipher.js';
import { loadTokenKey } from './security/tokenKey.js';
import { kyselyEngineStores } from './stores/index.js';
import type { ServerConfig } from './config.js';

/** How the engine runs: its timings (tests shorten them), jitter source, poll-lag observer and health series. */
export interface EngineOptions {
  timings?: Partial<EngineTimings>;
  random?: () => number;
  observePollLag?: (lagMs: number) => void;
  /** The series the engine counts into; by default a new one on the context's clock (a test passes its own to read or fill it). */
  health?: EngineHealthSeries;
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

/** The adapters and services a search runs on (an API process and a search worker alike). */
export interface EngineParts {
  adapters: Adapters;
  background: BackgroundTasks;
  tokenCipher: TokenCipher;
  /** Signs e-mailed links and one-tap accepts: LINK_SIGNING_KEY, or the generated key file. */
  linkSigningKey: Buffer;
  notifications: Notifications;
  live: LiveEvents;
  /** Hears the engine's fee charges (the automatic top-up listens in the API process). */
  creditWatch: CreditWatch;
  /** What this process's engine did, minute by minute (docs/OPERATIONS.md "Engine health"). */
  engineHealth: EngineHealthSeries;
  searchDependencies: SearchDependencies;
}

/** Name of the generated link-signing key file inside the data folder. */
const LINK_SIGNING_KEY_FILE_NAME = 'link-signing.key';

/** The adapters chosen from the configuration (`adapters` replacing some) and the engine built on them. */
export function createEngineParts(
  config: ServerConfig,
  db: Kysely<DatabaseSchema>,
  { clock, log, adapters, engine = {}, sharedRateLimiter = null, sharedLiveEvents = null }: ContextOptions,
): EngineParts {
  const chosen: Adapters = { ...createAdapters(config, db, clock, log, sharedRateLimiter), ...adapters };
  const background = new BackgroundTasks(log);
  const tokenCipher = createTokenCipher(loadTokenKey({ envValue: config.platform.tokenKey, dataDir: config.dataDir }));
  const linkSigningKey = loadTokenKey({ envValue: config.linkSigningKey, dataDir: config.dataDir, fileName: LINK_SIGNING_KEY_FILE_NAME });
  const notifications = createNotifications({
    db,
    linkSigningKey,
    mailer: chosen.mailer,
    telegram: chosen.telegram,
    whatsApp: chosen.whatsApp,
    push: chosen.push,
    background,
    log,
    publicUrl: config.publicUrl,
  });
  const live = sharedLiveEvents ?? new MemoryLiveEvents(log);
  const creditWatch = new CreditWatch(log);
  const engineHealth = engine.health ?? new EngineHealthSeries(() => clock.now().getTime());
  const searchDependencies: SearchDependencies = {
    ...kyselyEngineStores(db, tokenCipher),
    live,
    creditWatch,
    platform: chosen.platform,
    background,
    clock,
    log,
    notifications,
    timings: { ...DEFAULT_ENGINE_TIMINGS, ...engine.timings },
    budgets: new RequestBudgets(budgetPolicyFor(config.platform.rateLimit)),
    pace: { minPollIntervalMs: config.platform.minPollIntervalMs },
    health: engineHealth,
    ...(engine.random ? { random: engine.random } : {}),
    ...(engine.observePollLag ? { observePollLag: engine.observePollLag } : {}),
  };
  return { adapters: chosen, background, tokenCipher, linkSigningKey, notifications, live, creditWatch, engineHealth, searchDependencies };
}
