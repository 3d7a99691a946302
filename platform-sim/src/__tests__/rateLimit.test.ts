import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { SlidingWindowLimiter } from '../rateLimit.js';
import { closeSims, connect, refreshed, startSim, work } from './helpers.js';

afterEach(closeSims);

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests in any window and slides', () => {
    const limiter = new SlidingWindowLimiter(1000, 3);
    expect([0, 100, 200, 300].map((t) => limiter.tryAcquire('k', t))).toEqual([true, true, true, false]);
    expect(limiter.tryAcquire('k', 999)).toBe(false); // the request at 0 is still inside (999 - 0 < 1000)
    expect(limiter.tryAcquire('k', 1000)).toBe(true); // ...and now it is out
    expect(limiter.tryAcquire('k', 1050)).toBe(false);
    expect(limiter.tryAcquire('k', 1100)).toBe(true);
    expect(limiter.tryAcquire('other', 1100)).toBe(true); // per key
  });

  it('is off with a limit of 0', () => {
    const limiter = new SlidingWindowLimiter(1000, 0);
    for (let i = 0; i < 100; i++) expect(limiter.tryAcquire('k', 0)).toBe(true);
  });
});

describe('rate limiting over HTTP', () => {
  it('answers 400 { message: "Rate exceeded" } per account once the window is full, then recovers', async () => {
    const { sim, clock } = await startSim({ rateLimitWindowMs: 10_000, rateLimitMax: 5 });
    const account = await connect(sim, 'busy@example.com');
    const other = await connect(sim, 'calm@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await work(sim, account, 'GET', '/scheduledAssignments')).statusCode);
      clock.advance(1000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400, 400]);
    const throttled = await work(sim, account, 'GET', '/scheduledAssignments');
    expect(throttled.json()).toEqual({ message: 'Rate exceeded' });
    expect((await work(sim, other, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
    clock.advance(3000); // the first request (t=0) leaves the window at t=10 s
    expect((await work(sim, account, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
    expect(sim.control.readRecord().totals.byOutcome.rate_limited).toBe(3);
  });
});

describe('rate limiting is per platform account, not per access token', () => {
  it('a token refreshed mid-window is still throttled, and so is a second device of the same account', async () => {
    const { sim, clock } = await startSim({ rateLimitWindowMs: 10_000, rateLimitMax: 3 });
    const account = await connect(sim, 'refresher@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await work(sim, account, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
      clock.advance(1000);
    }
    expect((await work(sim, account, 'GET', '/scheduledAssignments')).statusCode).toBe(400);

    const fresh = await refreshed(sim, account);
    const throttled = await work(sim, fresh, 'GET', '/scheduledAssignments');
    expect(throttled.statusCode).toBe(400);
    expect(throttled.json()).toEqual({ message: 'Rate exceeded' });
    const otherDevice = await connect(sim, 'Refresher@example.com');
    expect(otherDevice.userId).toBe(account.userId);
    expect((await work(sim, otherDevice, 'GET', '/scheduledAssignments')).statusCode).toBe(400);

    clock.advance(7000); // the first request (t=0) leaves the window at t=10 s, whichever token made it
    expect((await work(sim, fresh, 'GET', '/scheduledAssignments')).statusCode).toBe(200);
    expect(sim.control.readRecord({ accountId: account.userId }).totals.byOutcome.rate_limited).toBe(3);
  });
});
