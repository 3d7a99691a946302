/**
 * The API contract (docs/ARCHITECTURE.md section 4.1, "The contract"): the JSON schema of every
 * request body, query and path the server takes and of every answer it gives, written once. The
 * server validates requests and writes answers with them, and its handlers get their types from
 * them (a Fastify type provider); the front end's API client derives its request and response
 * types from them (`FromContract`), type-only, so no schema reaches a bundle that does not validate.
 */
export * from './fields.js';
export * from './auth.js';
export * from './user.js';
export * from './account.js';
export * from './search.js';
export * from './ledger.js';
export * from './logs.js';
export * from './platform.js';
export * from './stats.js';
export * from './store.js';
export * from './support.js';
export * from './calendar.js';
export * from './admin.js';
export * from './operatorConsole.js';
export * from './releases.js';
export * from './releaseResponses.js';
export * from './accountHealth.js';
export * from './workLimits.js';
export * from './errorCodes.js';
export * from './health.js';
