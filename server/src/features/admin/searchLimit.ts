/**
 * Operators search at a person's pace (docs/OPERATIONS.md "Audit"): searches of drivers, of the
 * support inbox and of the audit log are counted per operator, and past RATE_LIMITS.operatorSearches
 * answered 429 BP_ERR_SEARCH_RATE_LIMITED with Retry-After, before anything is read or recorded.
 * Counted in the rate limiter (Redis with REDIS_URL), so every API process shares the count.
 */
import type { RateLimiter } from '../../adapters/rateLimit/types.js';
import { refusal } from '../../domain/errors.js';
import { RATE_LIMITS } from '../../http/rateLimits.js';

export async function countSearch(limiter: RateLimiter, operatorId: string): Promise<void> {
  const decision = await limiter.consume(`operator-search:${operatorId}`, RATE_LIMITS.operatorSearches);
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    throw refusal('BP_ERR_SEARCH_RATE_LIMITED', { retryAfterSeconds: seconds, words: { key: 'api.error.searchRetryIn', values: { seconds } } });
  }
}
