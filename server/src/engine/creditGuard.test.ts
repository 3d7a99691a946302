import { describe, it } from 'node:test';
import { expect } from 'expect';
import { LOW_CREDIT_FEES, SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import { feesCovered, isLowCredit } from './creditGuard.js';

const NOW = Date.UTC(2026, 10, 29);
const noFreePeriod = (creditCents: number) => ({ creditCents, freeUntilMs: 0 });
/** The fee of the reference 100.00 block, before the driver paid any fee. */
const guessed = { cents: 350, paidBefore: false };

describe('the credit guard: when credit is low (docs/LIVE.md "Credit guard")', () => {
  it('does not call the sign-up bonus low before the first fee: it covers two reference fees', () => {
    const covered = feesCovered(noFreePeriod(SIGN_UP_BONUS_CENTS), guessed.cents, NOW);
    expect(covered).toBe(2);
    expect(isLowCredit(covered, guessed)).toBe(false);
    // Not even one reference fee covered: low, history or not.
    expect(isLowCredit(feesCovered(noFreePeriod(349), guessed.cents, NOW), guessed)).toBe(true);
  });

  it(`counts fees of the blocks the driver takes once they paid one: fewer than ${LOW_CREDIT_FEES} is low`, () => {
    const paid = { cents: 350, paidBefore: true };
    expect(isLowCredit(feesCovered(noFreePeriod(SIGN_UP_BONUS_CENTS), paid.cents, NOW), paid)).toBe(true);
    expect(isLowCredit(feesCovered(noFreePeriod(350 * LOW_CREDIT_FEES), paid.cents, NOW), paid)).toBe(false);
  });

  it('is never low in a trial or membership (nothing is charged)', () => {
    const covered = feesCovered({ creditCents: 0, freeUntilMs: NOW + 1 }, 350, NOW);
    expect(covered).toBeNull();
    expect(isLowCredit(covered, { cents: 350, paidBefore: true })).toBe(false);
  });
});
