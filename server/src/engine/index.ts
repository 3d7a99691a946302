/** The engine's pure decision functions: what matches, in which order, what clashes, what may be forfeited. */
export { compileFilters, type CompiledFilters } from './matcher.js';
export { rankMatches } from './ranking.js';
export { overlapsSchedule } from './schedule.js';
export { forfeitAllowed } from './forfeitWindow.js';
export type { MatchableOffer, RankableOffer, BlockSpan } from './types.js';
