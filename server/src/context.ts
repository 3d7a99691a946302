/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createAdapters, type Adapters } from './adapters/index.js';
import { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings, type SearchDependencies } from './engine/dependencies.js';
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
}

/** How the engine runs: its timings (tests shorten them), jitter source and poll-lag observer. */
export interface EngineOptions {
  timings?: Partial<EngineTimings>;
  random?: () => number;
  observePollLag?: (lagMs: number) => void;
}

/** The context for a configuration: adapters chosen from it unless `adapters` replaces some. */
export function createContext(
  config: ServerConfig,
  db: Kysely<DatabaseSchema>,
  { clock, log, adapters, engine = {} }: { clock: Clock; log: FastifyBaseLogger; adapters?: Partial<Adapters> | undefined; engine?: EngineOptions | undefined },
): AppContext {
  const chosen: Adapters = { ...createAdapters(config, db, clock, log), ...adapters };
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
  return {
    ...chosen,
    config,
    db,
    clock,
    passwords: createPasswordHasher(config.auth.scryptLog2Cost),
    background,
    log,
    tokenCipher,
    notifications,
    search: new LocalSearchRunner(searchDependencies),
  };
}
