import { describe, it } from 'node:test';
import { expect } from 'expect';
import { TestClock } from '../../../test/clock.js';
import { MemoryRateLimiter } from './memoryRateLimiter.js';

describe('the in-memory rate limiter', () => {
  const rule = { max: 3, windowMs: 60_000 };

  it('allows max attempts per window, then says when to retry', async () => {
    const clock = new TestClock(0);
    const limiter = new MemoryRateLimiter(clock);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('k', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    clock.advance(20_500);
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    clock.advance(39_500);
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });

  it('counts keys apart', async () => {
    const limiter = new MemoryRateLimiter(new TestClock(0));
    for (let i = 0; i < 3; i++) await limiter.consume('a', rule);
    expect((await limiter.consume('a', rule)).allowed).toBe(false);
    expect((await limiter.consume('b', rule)).allowed).toBe(true);
  });

  it('forgets finished windows once many keys are held', async () => {
    const clock = new TestClock(0);
    const limiter = new MemoryRateLimiter(clock);
    for (let i = 0; i < 10_000; i++) await limiter.consume(`old-${i}`, rule);
    clock.advance(60_000);
    await limiter.consume('new', rule);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
