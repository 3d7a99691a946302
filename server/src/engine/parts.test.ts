/** The engine's small parts: backoff, the seen-offer memory, fees, and matching a booked block to an attempt. */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { backoffDelayMs } from './backoff.js';
import { canPayFees, feeDue, feeStateOf } from './fees.js';
import { isBooked } from './reconcile.js';
import { SeenOffers } from './seenOffers.js';

describe('backoff', () => {
  const policy = { baseMs: 1000, maxMs: 8000 };
  it('grows exponentially to its cap, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffDelayMs(n, policy, () => 1))).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, policy, () => 0))).toEqual([500, 1000, 2000, 4000]);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelayMs(3, policy);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
    expect(backoffDelayMs(1000, policy, () => 1)).toBe(8000);
  });
});

describe('seen offers', () => {
  it('judges each offer once while it is listed, forgets it two generations after it was last seen', () => {
    let now = 0;
    const seen = new SeenOffers(100, () => now);
    expect(seen.checkAndAdd('a')).toBe(false);
    expect(seen.checkAndAdd('a')).toBe(true);
    now = 150;
    expect(seen.checkAndAdd('b')).toBe(false);
    // 'a' is in the previous generation: still known, and seen again it moves to the current one.
    expect(seen.checkAndAdd('a')).toBe(true);
    now = 260;
    expect(seen.checkAndAdd('a')).toBe(true);
    now = 400;
    expect(seen.checkAndAdd('c')).toBe(false);
    now = 520;
    expect(seen.checkAndAdd('b')).toBe(false);
    seen.forget('b');
    expect(seen.checkAndAdd('b')).toBe(false);
  });
});

describe('fees', () => {
  const now = Date.UTC(2025, 5, 2);
  const noFreePeriod = feeStateOf({ credit_cents: 500, trial_ends_at: null, membership_ends_at: null });
  it('is round-half-up 3.5% of the price, nothing in a trial or membership', () => {
    expect(feeDue(2500, noFreePeriod, now)).toBe(88);
    expect(feeDue(15000, noFreePeriod, now)).toBe(525);
    expect(feeDue(1, noFreePeriod, now)).toBe(0);
    const trial = feeStateOf({ credit_cents: 0, trial_ends_at: new Date(now + 1), membership_ends_at: null });
    expect(feeDue(15000, trial, now)).toBe(0);
    expect(feeDue(15000, trial, now + 1)).toBe(525);
    const member = feeStateOf({ credit_cents: 0, trial_ends_at: new Date(now - 1), membership_ends_at: new Date(now + 10) });
    expect(feeDue(15000, member, now)).toBe(0);
  });

  it('can be paid with credit or in a free period', () => {
    expect(canPayFees(noFreePeriod, now)).toBe(true);
    expect(canPayFees(feeStateOf({ credit_cents: 0, trial_ends_at: null, membership_ends_at: null }), now)).toBe(false);
    expect(canPayFees(feeStateOf({ credit_cents: 0, trial_ends_at: new Date(now + 1), membership_ends_at: null }), now)).toBe(true);
  });
});

describe('a booked block for an accept attempt', () => {
  it('is the one in the same area starting in the same second', () => {
    const attempt = { offer: { offerId: 'o', startTime: 1_750_000_000.25, endTime: 1_750_010_000, serviceAreaId: 'a', priceAmount: 1, currency: 'USD' } };
    expect(isBooked(attempt, [{ startTime: 1_750_000_000, endTime: 1, serviceAreaId: 'a' }])).toBe(true);
    expect(isBooked(attempt, [{ startTime: 1_750_000_001, endTime: 1, serviceAreaId: 'a' }])).toBe(false);
    expect(isBooked(attempt, [{ startTime: 1_750_000_000, endTime: 1, serviceAreaId: 'b' }])).toBe(false);
  });
});
