/** What every feature plugin is built from: one object, so adding a service touches one type. */
import type { Kysely } from 'kysely';
import type { Adapters } from './adapters/index.js';
import type { BackgroundTasks } from './background.js';
import type { Clock } from './clock.js';
import type { DatabaseSchema } from './db/schema.js';
import type { PasswordHasher } from './security/passwords.js';
import type { ServerConfig } from './types.js';

export interface AppContext extends Adapters {
  config: ServerConfig;
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  passwords: PasswordHasher;
  background: BackgroundTasks;
}
