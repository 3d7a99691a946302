/**
 * The credit guard (docs/LIVE.md "Credit guard"): how many fees the credit covers, the pause when
 * a matching offer's fee is more than the credit (with what it skipped), the resume when the
 * credit grows, and the low-credit notice sent once per crossing. The pause, its end and the
 * notice's claim are writes of the driver store (stores.ts), each one conditional statement, so two
 * processes (an API process handling a top-up, the worker searching) never notify twice or lose a
 * count.
 */
import { LOW_CREDIT_FEES, REFERENCE_BLOCK_PRICE_CENTS } from '@blockpilot/shared/constants';
import { feeForPriceCents, type FeeState } from './fees.js';
import type { DriverStore } from './stores.js';

/** How many recent fees the reference fee is taken from. */
const RECENT_FEES = 10;

/** The fee credit is counted in, and whether it comes from fees the driver paid (else it is a guess). */
export interface ReferenceFee {
  cents: number;
  paidBefore: boolean;
}

/**
 * The fee credit is counted in: the largest of the driver's last ten fees (the blocks they take),
 * or the fee of a reference block when they have paid none yet.
 */
export async function referenceFee(drivers: Pick<DriverStore, 'recentFeesCents'>, userId: string): Promise<ReferenceFee> {
  const largest = Math.max(0, ...(await drivers.recentFeesCents(userId, RECENT_FEES)));
  return largest > 0 ? { cents: largest, paidBefore: true } : { cents: feeForPriceCents(REFERENCE_BLOCK_PRICE_CENTS), paidBefore: false };
}
/** How many fees of `referenceFee` the credit covers; null in a fee-free period (nothing is charged). */
export function feesCovered(state: FeeState, referenceFee: number, nowMs: number): number | null {
  if (nowMs < state.freeUntilMs) return null;
  return Math.floor(state.creditCents / Math.max(1, referenceFee));
}

/**
 * Low: the credit covers fewer than LOW_CREDIT_FEES fees of the blocks the driver takes (never in a
 * fee-free period). Before their first fee the blocks they take are unknown, so only credit that
 * covers not even one reference fee is low: the sign-up bonus is not "running low" the moment it
 * is given (docs/LIVE.md "Credit guard").
 */
export function isLowCredit(covered: number | null, reference: ReferenceFee): boolean {
  return covered !== null && covered < (reference.paidBefore ? LOW_CREDIT_FEES : 1);
}

/** What the credit guard reads of a driver's credit at one moment (docs/LIVE.md "Credit guard"). */
export interface CreditStanding {
  reference: ReferenceFee;
  /** Fees of the reference covered; null in a fee-free period. */
  covered: number | null;
  low: boolean;
}

/** The driver's credit standing: the reference fee read once, and what follows from it. */
export async function creditStanding(drivers: Pick<DriverStore, 'recentFeesCents'>, userId: string, state: FeeState, nowMs: number): Promise<CreditStanding> {
  const reference = await referenceFee(drivers, userId);
  const covered = feesCovered(state, reference.cents, nowMs);
  return { reference, covered, low: isLowCredit(covered, reference) };
}
