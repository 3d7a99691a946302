/**
 * How often a client may try the guessable or abusable calls, and the one helper routes use to
 * enforce it (429 with Retry-After). Keys name the call and the client (IP, and the account where
 * one is targeted), so one driver's typos do not lock out another.
 */
import type { RateLimiter, RateLimitRule } from '../adapters/rateLimit/types.js';
import { tooManyRequests } from './errors.js';

const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Password guesses against one account from one address. */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** All sign-in attempts from one address (credential stuffing). */
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  register: { max: 10, windowMs: 60 * MINUTE },
  resetPerAddress: { max: 10, windowMs: 60 * MINUTE },
  /** Reset e-mails to one mailbox. */
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  contact: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Counts one attempt under each key; throws 429 if any is over its rule. */
export async function enforceRateLimits(limiter: RateLimiter, checks: Array<[key: string, rule: RateLimitRule]>): Promise<void> {
  for (const [key, rule] of checks) {
    const decision = await limiter.consume(key, rule);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}
