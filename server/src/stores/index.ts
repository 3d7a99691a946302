/**
 * The engine's stores over Kysely (docs/ENGINE.md "Stores"): what `engineParts.ts` hands a search
 * as its persistence ports.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { EngineStores } from '../engine/stores.js';
import type { TokenCipher } from '../security/tokenCipher.js';
import { kyselyAccountStore } from './accounts.js';
import { kyselyDriverStore } from './drivers.js';
import { kyselyOfferLogStore } from './offerLog.js';

/** Every store a search uses, on one database. */
export function kyselyEngineStores(db: Kysely<DatabaseSchema>, tokenCipher: TokenCipher): EngineStores {
  return { offerLog: kyselyOfferLogStore(db), drivers: kyselyDriverStore(db), accounts: kyselyAccountStore(db, tokenCipher) };
}
