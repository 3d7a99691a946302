/**
 * Fixed-window attempt counters in Redis, shared by every API process behind the load balancer
 * (same rule and semantics as {@link MemoryRateLimiter}). One script call per attempt: count it,
 * start the window's expiry on its first attempt, and answer the count and the time left. The
 * window is measured by Redis's clock, so processes with skewed clocks still agree.
 */
import type { Redis } from 'ioredis';
import { redisScript, type RedisScript } from '../redis.js';
import type { BackoffRule, RateLimitDecision, RateLimiter, RateLimitRule } from './types.js';

const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/** Redis's clock in ms: every API process measures waits on the same clock. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * ARGV: free failures, first delay, max delay, forget after. Answers {allowed, wait ms}. The
 * delay is backoffDelayMs (types.ts) computed inside the script, so the check, the count and the
 * new wait are one step.
 */
const ATTEMPT = `${NOW}
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if waitUntil > now then return {0, waitUntil - now} end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local delay = 0
if count >= tonumber(ARGV[1]) then delay = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ math.min(30, count - tonumber(ARGV[1]))) end
redis.call('HSET', KEYS[1], 'until', now + delay)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, 0}`;

const FORGIVE = `
if redis.call('HINCRBY', KEYS[1], 'count', -1) <= 0 then redis.call('DEL', KEYS[1]) end
return 0`;

export class RedisRateLimiter implements RateLimiter {
  private readonly consumeScript: RedisScript;
  private readonly attemptScript: RedisScript;
  private readonly forgiveScript: RedisScript;

  /** Counters live under `<prefix>:rate:<key>`. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.consumeScript = redisScript(redis, 'bpRateConsume', CONSUME);
    this.attemptScript = redisScript(redis, 'bpRateAttempt', ATTEMPT);
    this.forgiveScript = redisScript(redis, 'bpRateForgive', FORGIVE);
  }

  async attempt(key: string, { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs }: BackoffRule): Promise<RateLimitDecision> {
    const [allowed, waitMs] = (await this.attemptScript([this.failureKey(key)], [freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs])) as [number, number];
    return allowed ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  async forgiveAttempt(key: string): Promise<void> {
    await this.forgiveScript([this.failureKey(key)], []);
  }

  async clearFailures(key: string): Promise<void> {
    await this.redis.del(this.failureKey(key));
  }

  private failureKey(key: string): string {
    return `${this.prefix}:failures:${key}`;
  }

  async consume(key: string, { max, windowMs }: RateLimitRule): Promise<RateLimitDecision> {
    const [count, leftMs] = (await this.consumeScript([`${this.prefix}:rate:${key}`], [windowMs])) as [number, number];
    if (count <= max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }
}
