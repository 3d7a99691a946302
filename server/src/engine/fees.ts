/**
 * Whether a block's fee can be paid (DESIGN.md): no fee during a trial or membership, otherwise
 * round-half-up 3.5% of the price, payable only when the credit covers it.
 */
import { feeForPriceCents } from '@blockpilot/shared/constants';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** A driver's means of paying fees, read once per poll that has something to accept. */
export interface FeeState {
  creditCents: number;
  /** End of the latest fee-free period (trial or membership), epoch ms; 0 when none. */
  freeUntilMs: number;
}

export async function loadFeeState(db: Kysely<DatabaseSchema>, userId: string): Promise<FeeState> {
  const row = await db.selectFrom('users').select(['credit_cents', 'trial_ends_at', 'membership_ends_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  return feeStateOf(row);
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
