/**
 * The credit guard (docs/LIVE.md "Credit guard"): how many fees the credit covers, the pause when
 * a matching offer's fee is more than the credit (with what it skipped), the resume when the
 * credit grows, and the low-credit notice sent once per crossing. Every write is one conditional
 * statement, so two processes (an API process handling a top-up, the worker searching) never
 * notify twice or lose a count.
 */
import { LOW_CREDIT_FEES, REFERENCE_BLOCK_PRICE_CENTS } from '@blockpilot/shared/constants';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { feeForPriceCents, type FeeState } from './fees.js';
import type { OfferFacts } from './offerLog.js';

type Db = Kysely<DatabaseSchema>;

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
export async function referenceFee(db: Db, userId: string): Promise<ReferenceFee> {
  const recent = await db
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .where('kind', '=', 'fee')
    .orderBy('id', 'desc')
    .limit(RECENT_FEES)
    .execute();
  const largest = Math.max(0, ...recent.map((row) => -row.amount_cents));
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
export async function creditStanding(db: Db, userId: string, state: FeeState, nowMs: number): Promise<CreditStanding> {
  const reference = await referenceFee(db, userId);
  const covered = feesCovered(state, reference.cents, nowMs);
  return { reference, covered, low: isLowCredit(covered, reference) };
}

/** An offer's pay in cents, as the missed count adds it up. */
function payCents(offer: OfferFacts): number {
  return Math.round(offer.priceAmount * 100);
}

/** Pauses a searching driver's search for credit (if not yet) and adds the offers it skipped. */
export async function pauseForCredit(db: Db, userId: string, skipped: readonly OfferFacts[]): Promise<void> {
  const valueCents = skipped.reduce((sum, offer) => sum + payCents(offer), 0);
  await db
    .updateTable('users')
    .set({
      search_paused_for: 'credit',
      missed_offers: sql<number>`missed_offers + ${skipped.length}`,
      missed_value_cents: sql<number>`missed_value_cents + ${valueCents}`,
    })
    .where('id', '=', userId)
    .where('searching', '=', true)
    .execute();
}

/** Whether the driver's search is paused for credit. */
export async function creditPauseOf(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('search_paused_for').where('id', '=', userId).executeTakeFirst();
  return row?.search_paused_for === 'credit';
}

/** Ends a credit pause and forgets what it skipped; true when there was one. */
export async function endCreditPause(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ search_paused_for: null, missed_offers: 0, missed_value_cents: 0 })
    .where('id', '=', userId)
    .where('search_paused_for', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the low-credit notice of this crossing: true for exactly one caller until {@link rearmLowCreditNotice}. */
export async function claimLowCreditNotice(db: Db, userId: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ low_credit_notified_at: at })
    .where('id', '=', userId)
    .where('low_credit_notified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The credit is no longer low: the next crossing notifies again. */
export async function rearmLowCreditNotice(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ low_credit_notified_at: null }).where('id', '=', userId).where('low_credit_notified_at', 'is not', null).execute();
}
