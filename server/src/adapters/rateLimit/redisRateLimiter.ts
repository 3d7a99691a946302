/**
 * Fixed-window attempt counters in Redis, shared by every API process behind the load balancer
 * (same rule and semantics as {@link MemoryRateLimiter}). One script call per attempt: count it,
 * start the window's expiry on its first attempt, and answer the count and the time left. The
 * window is measured by Redis's clock, so processes with skewed clocks still agree.
 */
import type { Redis } from 'ioredis';
import { redisScript, type RedisScript } from '../redis.js';
import type { RateLimitDecision, RateLimiter, RateLimitRule } from './types.js';

const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

export class RedisRateLimiter implements RateLimiter {
  private readonly consumeScript: RedisScript;

  /** Counters live under `<prefix>:rate:<key>`. */
  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.consumeScript = redisScript(redis, 'bpRateConsume', CONSUME);
  }

  async consume(key: string, { max, windowMs }: RateLimitRule): Promise<RateLimitDecision> {
    const [count, leftMs] = (await this.consumeScript([`${this.prefix}:rate:${key}`], [windowMs])) as [number, number];
    if (count <= max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }
}
