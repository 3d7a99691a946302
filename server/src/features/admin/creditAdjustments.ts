/**
 * Credit adjustments (docs/OPERATIONS.md "Credit adjustments"): an admin's signed change of a
 * driver's credit, as a ledger entry, once per Idempotency-Key. What one admin moves alone is
 * bounded: past ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS in 24 hours (credits and deductions alike) an
 * adjustment waits, recorded but not credited, until another admin approves it. Every adjustment
 * is a row of `credit_adjustments` (migration 0027) beside its ledger entry, and its ledger key
 * (`adjustment:<driver>:<key>`) makes it credited once however often it is sent or approved.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { CreditAdjustmentRequest } from '@blockpilot/shared/types';
import { formatCents } from '@blockpilot/shared/format';
import type { AppContext } from '../../context.js';
import type { CreditAdjustmentTable, DatabaseSchema } from '../../db/schema.js';
import { conflict, notFound, refusal } from '../../domain/errors.js';
import { REGIONS } from '../../domain/regions.js';
import type { Words } from '../../domain/translate.js';
import { charge, credit, ledgerKey, type LedgerOutcome } from '../../domain/ledger.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { recordAudit } from './audit.js';
import { NO_SUCH_DRIVER } from './actions.js';
import { currencySymbolOf } from './drivers.js';
import { actorOf } from './roles.js';

type Trx = Transaction<DatabaseSchema>;
type AdjustmentRow = Selectable<CreditAdjustmentTable>;

const DAY_MS = 24 * 3_600_000;

/** How many waiting adjustments the console lists. */
export const PENDING_ADJUSTMENTS_SHOWN = 100;

export interface CreditAdjustment {
  /** Signed cents: positive adds credit, negative takes it away. */
  amountCents: number;
  reason: string;
  /** The client's Idempotency-Key: the same key adjusts once however often it is sent. */
  requestKey: string;
}

export interface AdjustmentResult {
  balance: number;
  /** The key was used before: nothing changed this time. */
  duplicate: boolean;
  /** Set when the adjustment waits for another admin's approval (the balance did not move). */
  pending: CreditAdjustmentRequest | null;
  /** The driver's currency, for the amounts the answer's messages name. */
  currencySymbol: string;
}

export function adjustmentOf(row: AdjustmentRow): CreditAdjustmentRequest {
  return {
    id: row.id,
    userId: row.user_id,
    amountCents: row.amount_cents,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_email,
    createdAt: row.created_at.getTime(),
    approvedBy: row.approved_by_email,
    approvedAt: row.approved_at?.getTime() ?? null,
  };
}

/** Credits (or, negative, charges) the adjustment's ledger entry. */
const moveCredit = (trx: Trx, userId: string, key: string, amountCents: number): Promise<LedgerOutcome> =>
  amountCents > 0 ? credit(trx, userId, key, amountCents) : charge(trx, userId, key, -amountCents);

/** A deduction larger than the credit: 409, with the credit there is, under amountCents. */
function deductionTooLarge(balance: number, currencySymbol: string) {
  const words: Words = { key: 'api.error.deductionTooLarge', values: (language) => ({ credit: formatCents(currencySymbol, balance, language) }) };
  return refusal('BP_ERR_CONFLICT', { words, errors: { amountCents: words } });
}

const balanceOf = async (trx: Trx, userId: string) => (await trx.selectFrom('users').select('credit_cents').where('id', '=', userId).executeTakeFirstOrThrow()).credit_cents;

/** What the admin credited alone (not approved by another) in the 24 hours before `now`, either way. */
async function movedAloneToday(trx: Trx, adminId: string, now: Date): Promise<number> {
  const { moved } = await trx
    .selectFrom('credit_adjustments')
    .select(sql<string>`coalesce(sum(abs(amount_cents)), 0)`.as('moved'))
    .where('requested_by', '=', adminId)
    .where('status', '=', 'applied')
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(moved);
}

/**
 * One ledger entry of `amountCents` for the driver, once per request key; or, past the admin's
 * daily bound, an adjustment waiting for approval. The admin's adjustments are made one at a time
 * (a transaction lock on the admin), so adjustments sent at once never slip past the bound together.
 */
export async function adjustCredit(ctx: AppContext, operator: AuthenticatedUser, userId: string, adjustment: CreditAdjustment): Promise<AdjustmentResult> {
  const { amountCents, reason, requestKey } = adjustment;
  // Scoped to the driver: a key sent for two drivers is two adjustments, not one.
  const key = ledgerKey.adjustment(`${userId}:${requestKey}`);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx): Promise<AdjustmentResult> => {
    const driver = await trx.selectFrom('users').select(['credit_cents', 'country_code']).where('id', '=', userId).executeTakeFirst();
    if (!driver) throw notFound(NO_SUCH_DRIVER);
    const { currencySymbol } = REGIONS[driver.country_code];
    await sql`select pg_advisory_xact_lock(hashtextextended(${`credit-adjustments:${operator.id}`}, 0))`.execute(trx);

    const earlier = await trx.selectFrom('credit_adjustments').selectAll().where('user_id', '=', userId).where('request_key', '=', requestKey).executeTakeFirst();
    if (earlier) {
      if (earlier.amount_cents !== amountCents) throw conflict('api.error.adjustmentKeyReused');
      return { balance: await balanceOf(trx, userId), duplicate: true, pending: earlier.status === 'pending' ? adjustmentOf(earlier) : null, currencySymbol };
    }
    // A key used before this table kept adjustments is known by its ledger entry alone.
    const ledgered = await trx.selectFrom('ledger_entries').select('amount_cents').where('key', '=', key).executeTakeFirst();
    if (ledgered) {
      if (ledgered.amount_cents !== amountCents) throw conflict('api.error.adjustmentKeyReused');
      return { balance: await balanceOf(trx, userId), duplicate: true, pending: null, currencySymbol };
    }

    const record = {
      user_id: userId,
      request_key: requestKey,
      amount_cents: amountCents,
      reason,
      requested_by: operator.id,
      requested_by_email: operator.row.email,
      approved_by: null,
      approved_by_email: null,
      approved_at: null,
      created_at: now,
    };
    if ((await movedAloneToday(trx, operator.id, now)) + Math.abs(amountCents) > ctx.config.auth.adminDailyAdjustmentLimitCents) {
      const row = await trx
        .insertInto('credit_adjustments')
        .values({ ...record, status: 'pending' })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actorOf(operator),
        { action: 'user.creditRequested', targetUserId: userId, subject: key, reason, after: { adjustment: row.id, amountCents, status: 'pending' } },
        now,
      );
      return { balance: driver.credit_cents, duplicate: false, pending: adjustmentOf(row), currencySymbol };
    }

    const outcome = await moveCredit(trx, userId, key, amountCents);
    if (outcome.status === 'insufficient') throw deductionTooLarge(outcome.balance, currencySymbol);
    if (outcome.status === 'duplicate') throw conflict('api.error.adjustmentKeyReused');
    await trx
      .insertInto('credit_adjustments')
      .values({ ...record, status: 'applied' })
      .execute();
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'user.credit', targetUserId: userId, subject: key, reason, before: { credit: driver.credit_cents }, after: { credit: outcome.balance, amountCents } },
      now,
    );
    return { balance: outcome.balance, duplicate: false, pending: null, currencySymbol };
  });
  // A running search holds the credit in memory: it reloads it now.
  if (!result.duplicate && !result.pending) ctx.search.changed(userId, 'account');
  return result;
}

/** The adjustments waiting for approval, oldest first. */
export async function pendingAdjustments(ctx: AppContext): Promise<CreditAdjustmentRequest[]> {
  const rows = await ctx.db.selectFrom('credit_adjustments').selectAll().where('status', '=', 'pending').orderBy('created_at').limit(PENDING_ADJUSTMENTS_SHOWN).execute();
  return rows.map(adjustmentOf);
}

/**
 * Another admin approves a waiting adjustment: its ledger entry is written, once (the row is
 * locked, and approving it again answers it as it is). The admin who asked cannot approve it
 * (403 BP_ERR_OWN_ADJUSTMENT); a deduction the credit no longer covers is refused and still waits.
 */
export async function approveAdjustment(
  ctx: AppContext,
  operator: AuthenticatedUser,
  id: string,
  reason: string,
): Promise<{ adjustment: CreditAdjustmentRequest; duplicate: boolean }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('credit_adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('api.error.noSuchAdjustment');
    if (row.requested_by === operator.id) throw refusal('BP_ERR_OWN_ADJUSTMENT');
    if (row.status === 'approved') return { adjustment: adjustmentOf(row), duplicate: true };
    if (row.status !== 'pending') throw conflict('api.error.adjustmentNotPending');
    const key = ledgerKey.adjustment(`${row.user_id}:${row.request_key}`);
    const before = await balanceOf(trx, row.user_id);
    const outcome = await moveCredit(trx, row.user_id, key, row.amount_cents);
    if (outcome.status === 'insufficient') throw deductionTooLarge(outcome.balance, await currencySymbolOf(trx, row.user_id));
    const approved = await trx
      .updateTable('credit_adjustments')
      .set({ status: 'approved', approved_by: operator.id, approved_by_email: operator.row.email, approved_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const balance = outcome.status === 'applied' ? outcome.balance : before;
    await recordAudit(
      trx,
      actorOf(operator),
      {
        action: 'user.creditApproved',
        targetUserId: row.user_id,
        subject: key,
        reason,
        before: { status: 'pending', credit: before, requestedBy: row.requested_by_email },
        after: { status: 'approved', credit: balance, amountCents: row.amount_cents },
      },
      now,
    );
    return { adjustment: adjustmentOf(approved), duplicate: false };
  });
  if (!result.duplicate) ctx.search.changed(result.adjustment.userId, 'account');
  return result;
}
