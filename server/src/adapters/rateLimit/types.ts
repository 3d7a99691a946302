/** Limits on how often one client may try something (sign-in, sign-up, reset, contact), and delays after failures. */

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
 * Growing delays after failures (sign-in): the first `freeFailures` cost nothing, each later one
 * makes the key wait `firstDelayMs`, then twice that, and so on up to `maxDelayMs`. A key with no
 * failure for `forgetAfterMs` starts over; a success clears it.
 */
export interface BackoffRule {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** The wait after `failures` failures under `rule` (0 while they are free). */
export function backoffDelayMs(failures: number, { freeFailures, firstDelayMs, maxDelayMs }: BackoffRule): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, failures - freeFailures));
}

/**
 * Counts attempts per key. Implementations: MemoryRateLimiter (one process, the embedded
 * default) and RedisRateLimiter (shared by every API process; chosen when REDIS_URL is set).
 */
export interface RateLimiter {
  /** Counts one attempt under `key` and says whether it is within the rule. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /**
   * One attempt under a {@link BackoffRule}: refused while `key` still waits, else counted as a
   * failure at once (check and count in one step, so parallel attempts cannot slip through
   * together). The caller takes it back when the attempt succeeds ({@link forgiveAttempt},
   * {@link clearFailures}).
   */
  attempt(key: string, rule: BackoffRule): Promise<RateLimitDecision>;
  /** Takes back the last attempt counted under `key` (it succeeded). */
  forgiveAttempt(key: string): Promise<void>;
  /** Forgets every failure of `key` (its owner proved who they are). */
  clearFailures(key: string): Promise<void>;
}

/** The answer for a key that must wait until `until` (ms), seen at `now`. */
export function waitDecision(until: number, now: number): RateLimitDecision {
  return until > now ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } : { allowed: true, retryAfterSeconds: 0 };
}
