/** The fee state a search holds in memory: reservations never overspend, and a reload never resurrects a charged fee. */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { DriverFunds, feeForPriceCents, type FeeState } from './fees.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const credit = (creditCents: number, freeUntilMs = 0): FeeState => ({ creditCents, freeUntilMs });

describe('DriverFunds', () => {
  it('reserves fees of one poll without overspending, and frees a fee the platform refused', () => {
    const funds = new DriverFunds(credit(1000));
    expect(funds.reserve(525)).toBe(true);
    expect(funds.reserve(525)).toBe(false);
    expect(funds.spendableCents).toBe(475);
    funds.release(525);
    expect(funds.spendableCents).toBe(1000);
  });

  it('charges nothing in a fee-free period', () => {
    const funds = new DriverFunds(credit(0, NOW + 1));
    expect(funds.feeDue(15_000, NOW)).toBe(0);
    expect(funds.feeDue(15_000, NOW + 1)).toBe(525);
  });

  it('ends a reservation with the balance the ledger gave back', () => {
    const funds = new DriverFunds(credit(1000));
    funds.reserve(525);
    funds.settle(525, 475);
    expect(funds.spendableCents).toBe(475);
    expect(funds.reserved).toBe(0);
  });

  it('drops a reload that read the balance before a charge committed, and asks again', async () => {
    const funds = new DriverFunds(credit(1000));
    funds.reserve(525);
    funds.markStale();
    let finishRead!: (state: FeeState) => void;
    const reload = funds.reload(() => new Promise((resolve) => (finishRead = resolve)));
    funds.settle(525, 475);
    finishRead(credit(1000));
    await reload;
    expect(funds.spendableCents).toBe(475);
    expect(funds.needsReload).toBe(true);
    await funds.reload(async () => credit(475 + 2000));
    expect(funds.spendableCents).toBe(2475);
    expect(funds.needsReload).toBe(false);
  });

  it('stays stale when the reload fails, so the next step tries again', async () => {
    const funds = new DriverFunds(credit(1000));
    funds.markStale();
    await expect(funds.reload(() => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(funds.needsReload).toBe(true);
  });

  it('holds the fees of intents found at start even when the credit no longer covers them', () => {
    const funds = new DriverFunds(credit(300));
    funds.holdOpen(525);
    expect(funds.spendableCents).toBe(-225);
    expect(funds.reserve(1)).toBe(false);
  });
});

describe('feeForPriceCents: 3.5% of the price, rounded half up to a cent', () => {
  it('rounds a half cent up and anything less down', () => {
    expect(feeForPriceCents(15_000)).toBe(525);
    expect(feeForPriceCents(100)).toBe(4); // 3.5 cents
    expect(feeForPriceCents(99)).toBe(3); // 3.465 cents
    expect(feeForPriceCents(0)).toBe(0);
  });
});
