/**
 * How often a client may try the guessable or abusable calls, and the helpers routes use to
 * enforce it (429 with Retry-After). Keys name the call and the client address (the proxy's
 * X-Forwarded-For only from TRUST_PROXY), and the account where one is targeted, so one driver's
 * typos, or a stranger's guesses, do not lock out another (docs/SECURITY.md "Limits").
 */
import type { BackoffRule, RateLimiter, RateLimitRule } from '../adapters/rateLimit/types.js';
import { tooManyRequests } from '../domain/errors.js';

const SECOND = 1000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const RATE_LIMITS = {
  /** Every sign-in attempt from one address, right or wrong (each costs a full hash). */
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  resetPerAddress: { max: 10, windowMs: 60 * MINUTE },
  /** Reset requests for one mailbox from one address: answered 429 past it. */
  resetPerMailboxAndAddress: { max: 3, windowMs: 60 * MINUTE },
  /**
   * Reset e-mails to one mailbox from every address together. Past it the request is answered as
   * usual but no new e-mail goes out: the links already sent still work, so a stranger can fill
   * the owner's mailbox a little but never stop the owner's reset.
   */
  resetEmailsPerMailbox: { max: 5, windowMs: 60 * MINUTE },
  /** Password changes (account page, reset link) per account and per address: each costs two hashes. */
  passwordChangePerAccount: { max: 10, windowMs: 15 * MINUTE },
  passwordChangePerAddress: { max: 20, windowMs: 15 * MINUTE },
  /** Verification e-mails sent again on request, per account. */
  verificationEmailsPerAccount: { max: 3, windowMs: 60 * MINUTE },
  contact: { max: 5, windowMs: 60 * MINUTE },
  /** "Send a test" per account and channel: enough to try a channel again, too few to flood a mailbox or a phone. */
  testNotificationsPerAccount: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Load reports of remotes (docs/RELEASES.md "Canary"): a page reports each of its five remotes
   * once or twice, and a vote counts once per user anyway; past these they are answered 429.
   */
  loadReportsPerUser: { max: 60, windowMs: 15 * MINUTE },
  /** From one address, for every user behind it together (an office, a carrier's NAT). */
  loadReportsPerAddress: { max: 600, windowMs: 15 * MINUTE },
  /** An operator's searches of drivers, tickets and the audit log (docs/OPERATIONS.md "Audit"): a person's pace, not a scraper's. */
  operatorSearches: { max: 30, windowMs: MINUTE },
  /** One-tap accepts and the one-tap page's reads by token, per address (docs/PRODUCT.md "Notify-only filters"): a driver's taps, not a guesser's. */
  acceptLinksPerAddress: { max: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Growing delays after failed sign-ins. Only per (account, address) and per address: a delay on
 * the account alone would let anyone lock its owner out by failing on purpose.
 */
export const LOGIN_BACKOFF = {
  /** Wrong passwords for one account from one address: 5 free, then 1 s, 2 s, 4 s, ... up to 15 min. */
  perAccountAndAddress: { freeFailures: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY },
  /** Wrong passwords from one address, whatever the account (credential stuffing). */
  perAddress: { freeFailures: 20, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY },
} satisfies Record<string, BackoffRule>;

/** A rate-limit check: the key and its rule. */
export type RateLimitCheck = [key: string, rule: RateLimitRule];

/** The limits of a password change (account page or reset link): per account and per address. */
export function passwordChangeLimits(clientAddress: string, userId: string): RateLimitCheck[] {
  return [
    [`password-change:${clientAddress}`, RATE_LIMITS.passwordChangePerAddress],
    [`password-change:${userId}`, RATE_LIMITS.passwordChangePerAccount],
  ];
}

/** Counts one attempt under each key; throws 429 if any is over its rule. */
export async function enforceRateLimits(limiter: RateLimiter, checks: RateLimitCheck[]): Promise<void> {
  for (const [key, rule] of checks) {
    const decision = await limiter.consume(key, rule);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}

/** A back-off check: the key and its rule. */
export type BackoffCheck = [key: string, rule: BackoffRule];

/**
 * Takes one attempt under each back-off key, in order; throws 429 (with the wait) at the first
 * key that still waits, taking back the attempts already counted for this request.
 */
export async function takeAttempts(limiter: RateLimiter, checks: BackoffCheck[]): Promise<void> {
  const taken: string[] = [];
  for (const [key, rule] of checks) {
    const decision = await limiter.attempt(key, rule);
    if (!decision.allowed) {
      await Promise.all(taken.map((k) => limiter.forgiveAttempt(k)));
      throw tooManyRequests(decision.retryAfterSeconds);
    }
    taken.push(key);
  }
}
