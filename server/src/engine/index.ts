/**
 * The search engine: pure decisions (what matches, in which order, what clashes, what may be
 * forfeited) and the searches that run them against the platform.
 */
export { compileFilters, type CompiledFilters } from './matcher.js';
export { rankMatches } from './ranking.js';
export { overlapsSchedule } from './schedule.js';
export { forfeitAllowed } from './forfeitWindow.js';
export type { MatchableOffer, RankableOffer, BlockSpan, StopReason, AcceptedBlock } from './types.js';
export { LocalSearchRunner, type SearchRunner } from './runner.js';
export { UserSearch } from './userSearch.js';
export type { SearchChange } from './searchState.js';
export { DEFAULT_ENGINE_TIMINGS, type EngineTimings, type SearchDependencies } from './dependencies.js';
export { backoffDelayMs, type BackoffPolicy } from './backoff.js';
export { feeDue, canPayFees, type FeeState } from './fees.js';
export type { EngineStores, OfferLogStore, DriverStore, AccountStore } from './stores.js';
