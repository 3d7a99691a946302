/**
 * One request budget per platform account: every work call the engine makes for a driver (offers
 * polls, accepts, schedule reads) draws a token from one bucket, sized so that the driver's
 * traffic stays below the platform's rate limit in ANY window of the platform's length
 * (docs/ENGINE.md "Request budget"). A token bucket of capacity C refilled at r per ms sends at
 * most C + r x W requests in a window of W ms, so C + r x W is kept to the engine's share of the
 * platform's limit.
 *
 * Accepts come first: a poll only spends a token when `acceptReserve` more remain, so a match
 * found by a poll can always be accepted at once, and a burst of matches is spent down to the last
 * token (what is left waits for the next poll, still listed or not at all). Schedule reads come
 * last: they also leave a poll's token, so frequent rechecks can never starve the polls.
 *
 * Across processes and restarts: a driver is searched by one process at a time (the lease), and
 * the burst a new owner's bucket starts with fits in what the engine's share leaves of the limit
 * (see {@link budgetPolicyFor}). Pure: time comes in as an argument, nothing here waits.
 */

/** The platform's limit: at most `max` work requests per account in any `windowMs`. */
export interface PlatformRateLimit {
  max: number;
  windowMs: number;
}

/** How a bucket is sized. */
export interface BudgetPolicy {
  /** Most tokens held: the largest burst. */
  capacity: number;
  /** Tokens added per ms. */
  refillPerMs: number;
  /** Tokens a poll must leave behind for accepts (a schedule read leaves one more, for a poll). */
  acceptReserve: number;
  /** Tokens a new bucket starts with. */
  initialTokens: number;
}

/** What a call is for: accepts (and the driver's own forfeits) go first. */
export type BudgetUse = 'accept' | 'poll' | 'schedule';

/** The engine's share of the platform's limit: the rest is left to the driver's own actions and to timing noise. */
export const ENGINE_SHARE = 0.8;

/**
 * The bucket for the engine's share of `limit`: about a third of it as burst, the rest as
 * refill over the window. For the usual 20 per 10 s: 5 tokens of burst (a start's two reads, its
 * first poll and two accepts), 1.1 per second, and every poll leaves 2 tokens so that two matches
 * of one listing are accepted at once.
 *
 * A new bucket starts full. It only appears in a process that was not searching the driver (the
 * first Start, or a worker taking over a driver): the old owner sent at most the engine's share
 * (80%) in the last window, and a hand-over takes seconds (the lease), whose refill covers the
 * burst's excess over the remaining 20%.
 */
export function budgetPolicyFor(limit: PlatformRateLimit, share = ENGINE_SHARE): BudgetPolicy {
  if (!(limit.max > 0 && limit.windowMs > 0)) throw new RangeError('the platform rate limit must be positive');
  const allowed = Math.floor(limit.max * share);
  // Two tokens of burst and one of refill per window at the very least: a search needs them.
  if (allowed < 3) throw new RangeError(`a platform limit of ${limit.max} per window leaves the engine fewer than 3 requests`);
  const capacity = Math.max(2, Math.round(allowed / 3));
  const refilled = allowed - capacity;
  return { capacity, refillPerMs: refilled / limit.windowMs, acceptReserve: Math.max(1, Math.min(2, capacity - 2)), initialTokens: capacity };
}

/** Most requests a policy can send in any window of `windowMs` (its guarantee). */
export function worstCaseInWindow(policy: BudgetPolicy, windowMs: number): number {
  return Math.max(policy.capacity, policy.initialTokens) + policy.refillPerMs * windowMs;
}

/** Refill is fractional: a token this close to whole counts as whole (float rounding, not budget). */
const ROUNDING = 1e-9;

export class RequestBudget {
  private tokens: number;
  private updatedAt: number;

  constructor(
    readonly policy: BudgetPolicy,
    nowMs: number,
  ) {
    this.tokens = policy.initialTokens;
    this.updatedAt = nowMs;
  }

  /** Tokens held now (fractional while refilling). */
  available(nowMs: number): number {
    this.refill(nowMs);
    return this.tokens;
  }

  /** Spends one token for `use` when the bucket allows it now; false changes nothing. */
  tryTake(use: BudgetUse, nowMs: number): boolean {
    this.refill(nowMs);
    if (this.tokens + ROUNDING < this.needed(use)) return false;
    this.tokens -= 1;
    return true;
  }

  /** Spends a token for `use` now and answers 0, or changes nothing and answers the ms to wait for one. */
  takeOrWait(use: BudgetUse, nowMs: number): number {
    const waitMs = this.waitMs(use, nowMs);
    if (waitMs === 0) this.tryTake(use, nowMs);
    return waitMs;
  }

  /** Ms until `tryTake(use)` would succeed (0 when it would now). */
  waitMs(use: BudgetUse, nowMs: number): number {
    this.refill(nowMs);
    const missing = this.needed(use) - this.tokens - ROUNDING;
    return missing <= 0 ? 0 : Math.ceil(missing / this.policy.refillPerMs);
  }

  /** Tokens the bucket must hold for `use`: accepts first, then polls, then schedule reads (which must leave a poll's token). */
  private needed(use: BudgetUse): number {
    if (use === 'accept') return 1;
    return (use === 'poll' ? 1 : 2) + this.policy.acceptReserve;
  }

  private refill(nowMs: number): void {
    if (nowMs > this.updatedAt) {
      this.tokens = Math.min(this.policy.capacity, this.tokens + (nowMs - this.updatedAt) * this.policy.refillPerMs);
      this.updatedAt = nowMs;
    }
  }
}

/**
 * The buckets of one process, by platform account, so a driver who stops and starts again (or a
 * search restarted after a fault) keeps spending from the same bucket. Idle buckets that have
 * refilled completely carry no state worth keeping and are dropped when the map grows.
 */
export class RequestBudgets {
  private readonly buckets = new Map<string, RequestBudget>();

  constructor(
    readonly policy: BudgetPolicy,
    private readonly sweepAbove = 10_000,
  ) {}

  /** The account's bucket, created on first use. */
  of(platformAccountId: string, nowMs: number): RequestBudget {
    let bucket = this.buckets.get(platformAccountId);
    if (!bucket) {
      if (this.buckets.size >= this.sweepAbove) this.sweep(nowMs);
      bucket = new RequestBudget(this.policy, nowMs);
      this.buckets.set(platformAccountId, bucket);
    }
    return bucket;
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(nowMs: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.available(nowMs) >= this.policy.capacity) this.buckets.delete(key);
  }
}
