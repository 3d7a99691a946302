/**
 * The request budget's promise, checked on random traffic: in ANY window of the platform's length
 * a bucket never sends more than its share of the platform's limit, accepts are never held up by
 * the reserve that polls leave, and waitMs says exactly when a token is back.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import { RequestBudget, RequestBudgets, budgetPolicyFor, worstCaseInWindow, type BudgetUse } from './requestBudget.js';

const USUAL = { max: 20, windowMs: 10_000 };

/** Most timestamps of `times` (sorted) inside any half-open window of `windowMs`. */
function mostInAnyWindow(times: number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('budgetPolicyFor', () => {
  it('keeps the usual 20 per 10 s to the engine share (16) in any window, with a burst for accepts', () => {
    const policy = budgetPolicyFor(USUAL);
    expect(worstCaseInWindow(policy, USUAL.windowMs)).toBeLessThanOrEqual(16);
    expect(policy.capacity).toBeGreaterThanOrEqual(3);
    // Polls every second fit in the refill, with room left for accepts and schedule reads.
    expect(policy.refillPerMs * 1000).toBeGreaterThan(1);
  });

  it('refuses a limit that is not positive', () => {
    expect(() => budgetPolicyFor({ max: 0, windowMs: 10_000 })).toThrow(RangeError);
    expect(() => budgetPolicyFor({ max: 20, windowMs: 0 })).toThrow(RangeError);
    expect(() => budgetPolicyFor({ max: 3, windowMs: 10_000 })).toThrow(/fewer than 3/);
  });
});

describe('RequestBudget', () => {
  it('never sends more than its share of the limit in any window, whatever is asked and when', () => {
    fc.assert(
      fc.property(
        fc.record({ max: fc.integer({ min: 4, max: 200 }), windowMs: fc.integer({ min: 1000, max: 60_000 }) }),
        fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 3000 }), use: fc.constantFrom<BudgetUse>('accept', 'poll', 'schedule') }), { maxLength: 400 }),
        (limit, asks) => {
          const policy = budgetPolicyFor(limit);
          const budget = new RequestBudget(policy, 0);
          const sent: number[] = [];
          let t = 0;
          for (const { gapMs, use } of asks) {
            t += gapMs;
            if (budget.tryTake(use, t)) sent.push(t);
          }
          expect(mostInAnyWindow(sent, limit.windowMs)).toBeLessThanOrEqual(Math.floor(limit.max * 0.8));
        },
      ),
    );
  });

  it('lets an accept take the token a poll must leave behind', () => {
    const budget = new RequestBudget({ capacity: 4, refillPerMs: 0.001, acceptReserve: 1, initialTokens: 2 }, 0);
    expect(budget.tryTake('poll', 0)).toBe(true);
    expect(budget.tryTake('poll', 0)).toBe(false);
    expect(budget.tryTake('schedule', 0)).toBe(false);
    expect(budget.tryTake('accept', 0)).toBe(true);
    expect(budget.tryTake('accept', 0)).toBe(false);
  });

  it('lets a schedule read go only when a poll could still go after it', () => {
    const budget = new RequestBudget({ capacity: 4, refillPerMs: 0.001, acceptReserve: 2, initialTokens: 3 }, 0);
    expect(budget.tryTake('schedule', 0)).toBe(false);
    expect(budget.tryTake('poll', 0)).toBe(true);
    expect(budget.waitMs('schedule', 0)).toBe(2000);
    expect(budget.tryTake('accept', 0)).toBe(true);
    expect(budget.tryTake('accept', 0)).toBe(true);
    expect(budget.tryTake('accept', 0)).toBe(false);
  });

  it('says how long until a token is back, and is right to the millisecond', () => {
    const budget = new RequestBudget({ capacity: 4, refillPerMs: 0.002, acceptReserve: 1, initialTokens: 0 }, 1000);
    expect(budget.waitMs('accept', 1000)).toBe(500);
    expect(budget.waitMs('poll', 1000)).toBe(1000);
    expect(budget.tryTake('accept', 1499)).toBe(false);
    expect(budget.waitMs('accept', 1499)).toBe(1);
    expect(budget.tryTake('accept', 1500)).toBe(true);
    expect(budget.waitMs('accept', 1500)).toBe(500);
  });

  it('holds no more than its capacity however long it idles', () => {
    const budget = new RequestBudget({ capacity: 3, refillPerMs: 1, acceptReserve: 1, initialTokens: 0 }, 0);
    expect(budget.available(1_000_000)).toBe(3);
  });
});

describe('RequestBudgets', () => {
  it('gives each platform account one bucket that outlives a stopped search', () => {
    const budgets = new RequestBudgets(budgetPolicyFor(USUAL));
    const first = budgets.of('account-a', 0);
    first.tryTake('accept', 0);
    expect(budgets.of('account-a', 10)).toBe(first);
    expect(budgets.of('account-b', 10)).not.toBe(first);
  });

  it('drops only buckets that refilled completely when it grows past its bound', () => {
    const budgets = new RequestBudgets({ capacity: 2, refillPerMs: 0.001, acceptReserve: 1, initialTokens: 2 }, 2);
    budgets.of('busy', 0).tryTake('accept', 0);
    budgets.of('idle', 0);
    budgets.of('third', 0);
    expect(budgets.size).toBe(2);
    const busy = budgets.of('busy', 0);
    expect(busy.available(0)).toBe(1);
  });
});
