import { it } from 'node:test';
import { expect } from 'expect';
import { describeWithRedis } from '../../../test/redis.js';
import { RedisRateLimiter } from './redisRateLimiter.js';

describeWithRedis('the Redis rate limiter', (redis) => {
  const rule = { max: 3, windowMs: 60_000 };

  it('allows max attempts per window, then says when to retry', async () => {
    const limiter = new RedisRateLimiter(redis().redis, redis().prefix);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('k1', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limiter.consume('k1', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts keys apart', async () => {
    const limiter = new RedisRateLimiter(redis().redis, redis().prefix);
    for (let i = 0; i < 3; i++) await limiter.consume('a', rule);
    expect((await limiter.consume('a', rule)).allowed).toBe(false);
    expect((await limiter.consume('b', rule)).allowed).toBe(true);
  });

  it('opens a new window once the last one ran out', async () => {
    const limiter = new RedisRateLimiter(redis().redis, redis().prefix);
    const short = { max: 1, windowMs: 300 };
    expect((await limiter.consume('short', short)).allowed).toBe(true);
    expect(await limiter.consume('short', short)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await limiter.consume('short', short)).allowed).toBe(true);
  });

  it('is one count for every API process (two connections, one limit)', async () => {
    const first = new RedisRateLimiter(redis().connect('api-1'), redis().prefix);
    const second = new RedisRateLimiter(redis().connect('api-2'), redis().prefix);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).consume('shared', rule)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    // Nothing above the window's expiry is left behind.
    const ttl = await redis().redis.pttl(`${redis().prefix}:rate:shared`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
