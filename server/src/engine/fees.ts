/**
 * Whether a block's fee can be paid (docs/ENGINE.md "Fees"): no fee during a trial or membership,
 * otherwise round-half-up 3.5% of the price, payable only when the credit covers it.
 *
 * A searching driver's fee state lives in the memory of the process that searches them
 * ({@link DriverFunds}), so deciding an accept reads no database: the fee is reserved from the
 * credit held here at once, and several accepts of one poll never overspend. Every write that
 * changes the state elsewhere (a top-up, a refund, a trial or a membership) tells the search to
 * reload it, and each schedule read reloads it too, in case such a message was lost.
 */
import { FEE_BASIS_POINTS } from '@blockpilot/shared/constants';

/** Fee for a block price, both in cents: round-half-up of 3.5% (docs/PRODUCT.md section 10). */
export function feeForPriceCents(priceCents: number): number {
  return Math.floor((priceCents * FEE_BASIS_POINTS + 5_000) / 10_000);
}

/** A driver's means of paying fees, read once per poll that has something to accept. */
export interface FeeState {
  creditCents: number;
  /** End of the latest fee-free period (trial or membership), epoch ms; 0 when none. */
  freeUntilMs: number;
}

/** The fee state of a user row's columns. */
export function feeStateOf(row: { credit_cents: number; trial_ends_at: Date | null; membership_ends_at: Date | null }): FeeState {
  return { creditCents: row.credit_cents, freeUntilMs: Math.max(row.trial_ends_at?.getTime() ?? 0, row.membership_ends_at?.getTime() ?? 0) };
}

/** The fee of a block accepted now: 0 in a fee-free period. */
export function feeDue(priceCents: number, state: FeeState, nowMs: number): number {
  return nowMs < state.freeUntilMs ? 0 : feeForPriceCents(priceCents);
}

/** Whether any block could be paid for now: a fee-free period, or some credit. */
export function canPayFees(state: FeeState, nowMs: number): boolean {
  return nowMs < state.freeUntilMs || state.creditCents > 0;
}

/**
 * The fee state of one searching driver, held in memory, with the fees reserved by accepts whose
 * charge is not written yet. Spendable = credit - reserved; a reservation ends as a charge
 * ({@link settle}) or a release ({@link release}). A reload from the database that raced a charge
 * (read before the charge committed) is dropped and asked for again, so a fee is never counted
 * as still spendable after it was charged.
 */
export class DriverFunds {
  private reservedCents = 0;
  private settlements = 0;
  private stale = false;

  constructor(private current: FeeState) {}

  /** Credit not yet promised to an accept, cents. */
  get spendableCents(): number {
    return this.current.creditCents - this.reservedCents;
  }

  /** The credit and fee-free period as last loaded or settled. */
  get state(): FeeState {
    return this.current;
  }

  /** Cents promised to accepts whose charge is not written yet. */
  get reserved(): number {
    return this.reservedCents;
  }

  /** True when a change was announced and not yet reloaded. */
  get needsReload(): boolean {
    return this.stale;
  }

  /** The fee of a block accepted now (0 in a fee-free period). */
  feeDue(priceCents: number, nowMs: number): number {
    return feeDue(priceCents, this.current, nowMs);
  }

  /** Promises `feeCents` to an accept when the credit covers it; false changes nothing. */
  reserve(feeCents: number): boolean {
    if (feeCents > this.spendableCents) return false;
    this.reservedCents += feeCents;
    return true;
  }

  /** Holds the fee of an accept decided before (an intent found at start), covered or not. */
  holdOpen(feeCents: number): void {
    this.reservedCents += feeCents;
  }

  /** The accept did not book: its fee is spendable again. */
  release(feeCents: number): void {
    this.reservedCents = Math.max(0, this.reservedCents - feeCents);
  }

  /** The accept's fee was charged (`chargedCents`, maybe 0): the reservation ends, the credit is what the ledger now says. */
  settle(reservedCents: number, balanceCents: number | null): void {
    this.release(reservedCents);
    if (balanceCents !== null) this.current = { ...this.current, creditCents: balanceCents };
    this.settlements++;
  }

  /** Something outside the search changed the driver's credit or fee-free period. */
  markStale(): void {
    this.stale = true;
  }

  /** Reloads the state; dropped (and left stale) when a charge was settled meanwhile. */
  async reload(load: () => Promise<FeeState>): Promise<void> {
    const settlementsBefore = this.settlements;
    this.stale = false;
    let fresh: FeeState;
    try {
      fresh = await load();
    } catch (error) {
      this.stale = true;
      throw error;
    }
    if (this.settlements !== settlementsBefore) {
      this.stale = true;
      return;
    }
    this.current = fresh;
  }
}
