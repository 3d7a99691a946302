/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createAdapters, type Adapters } from './adapters/index.js';
import { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import { createPasswordHasher, type PasswordHasher } from './security/passwords.js';
import type { ServerConfig } from './types.js';

export interface AppContext extends Adapters {
  config: ServerConfig;
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  passwords: PasswordHasher;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
}

/** The context for a configuration: adapters chosen from it unless `adapters` replaces some. */
export function createContext(
  config: ServerConfig,
  db: Kysely<DatabaseSchema>,
  { clock, log, adapters }: { clock: Clock; log: FastifyBaseLogger; adapters?: Partial<Adapters> | undefined },
): AppContext {
  return {
    ...createAdapters(config, db, clock),
    ...adapters,
    config,
    db,
    clock,
    passwords: createPasswordHasher(config.auth.scryptLog2Cost),
    background: new BackgroundTasks(log),
    log,
  };
}
