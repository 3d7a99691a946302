/**
 * The account store over Kysely (the engine's port: `AccountStore` in engine/stores.ts): the
 * driver's stored platform account, its refreshed tokens, and the schedule and eligible areas a
 * search reads, each through the domain's own functions.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { saveEligibleAreas } from '../domain/eligibleAreas.js';
import { loadPlatformAccount, saveAccessToken } from '../domain/platformAccounts.js';
import { saveSchedule } from '../domain/scheduleCache.js';
import type { AccountStore } from '../engine/stores.js';
import type { TokenCipher } from '../security/tokenCipher.js';

/** The account store on `db`, sealing tokens with `tokenCipher`. */
export function kyselyAccountStore(db: Kysely<DatabaseSchema>, tokenCipher: TokenCipher): AccountStore {
  return {
    load: (userId) => loadPlatformAccount(db, tokenCipher, userId),
    saveAccessToken: (userId, tokens) => saveAccessToken(db, tokenCipher, userId, tokens),
    saveSchedule: (userId, blocks, readAt) => saveSchedule(db, userId, blocks, readAt),
    saveEligibleAreas: (userId, areaIds, readAt) => saveEligibleAreas(db, userId, areaIds, readAt),
  };
}
