/**
 * The server's public surface for the other packages of the workspace (the benchmarks): what they
 * may build on, so they never reach into the server's files. Everything else under src/ is
 * internal and may move. See docs/ARCHITECTURE.md section 5.1.
 */
// Composition: configuration, clock, database, the whole app or just its context.
export { buildApp } from './app.js';
export { systemClock } from './clock.js';
export { loadConfig } from './config.js';
export { createContext } from './context.js';
export { openDatabase } from './db/index.js';
export type { Database, DatabaseConfig } from './db/types.js';
export { createTokenCipher, type TokenCipher } from './security/tokenCipher.js';

// The platform adapter.
export { createPlatformClient, createSignInChallenge, newDeviceSerial, simulatorEndpoints } from './adapters/platform/index.js';
export type { NormalisedOffer, PlatformClient, WorkCredentials } from './adapters/platform/index.js';
export { normaliseOffersPage } from './adapters/platform/offers.js';
export { acceptOfferBody } from './adapters/platform/requests.js';

// The engine's decisions and its runner.
export { compileFilters, type CompiledFilters } from './engine/matcher.js';
export { rankMatches } from './engine/ranking.js';
export { overlapsSchedule } from './engine/schedule.js';
export type { BlockSpan } from './engine/types.js';
export type { LocalSearchRunner } from './engine/runner.js';

// Seeding drivers without the HTTP API.
export { saveConnection } from './domain/platformAccounts.js';
export { DEFAULT_FILTER, insertFilter } from './domain/filters.js';

// Scale-out: the search queue and a worker process.
export { searchKeys } from './scaling/keys.js';
export { deleteKeys, openRedis } from './adapters/redis.js';
export { enqueueSearches, openSearchQueue } from './scaling/searchJobs.js';
export type { SearchWorkerStats } from './scaling/searchWorker.js';
export { startSearchWorker } from './scaling/workerProcess.js';
