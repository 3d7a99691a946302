/** Limits on how often one client may try something (sign-in, sign-up, reset, contact). */

/** At most `max` attempts per `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Whether an attempt may go ahead, and if not, when the client may try again. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts attempts per key. Implementations: MemoryRateLimiter (one process, the embedded
 * default) and RedisRateLimiter (shared by every API process; chosen when REDIS_URL is set).
 */
export interface RateLimiter {
  /** Counts one attempt under `key` and says whether it is within the rule. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
}
