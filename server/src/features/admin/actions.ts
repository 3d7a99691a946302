/**
 * What an operator does to a driver's account (docs/OPERATIONS.md "Drivers"): adjust credit,
 * stop a search, suspend and restore, grant and revoke roles, refund an order. Each takes a
 * reason and writes its audit entry in the same transaction as the change.
 */
import { sql, type Transaction } from 'kysely';
import type { Role } from '@blockpilot/shared/constants';
import { formatCents } from '@blockpilot/shared/format';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { conflict, notFound, refusal } from '../../domain/errors.js';
import type { Words } from '../../domain/translate.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { revokeUserTokens } from '../auth/tokens.js';
import { charge, credit, ledgerKey } from '../../domain/ledger.js';
import { planById } from '../store/plans.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { orderOf } from './drivers.js';

type Trx = Transaction<DatabaseSchema>;

export const NO_SUCH_DRIVER = 'api.error.noSuchDriver';
const noSuchDriver = () => notFound(NO_SUCH_DRIVER);

/** The driver's row, locked for the rest of the transaction; 404 when there is none. */
async function lockedDriver(trx: Trx, userId: string) {
  const row = await trx.selectFrom('users').select(['id', 'email', 'role', 'credit_cents', 'searching', 'suspended_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw noSuchDriver();
  return row;
}

function notOnSelf(operator: AuthenticatedUser, userId: string, action: 'suspend' | 'role'): void {
  if (operator.id === userId) throw conflict({ key: 'api.error.notOnOwnAccount', values: { action } });
}

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
}

/** One ledger entry of `amountCents` for the driver, once per request key. */
export async function adjustCredit(ctx: AppContext, operator: AuthenticatedUser, userId: string, adjustment: CreditAdjustment): Promise<AdjustmentResult> {
  const { amountCents, reason, requestKey } = adjustment;
  // Scoped to the driver: a key sent for two drivers is two adjustments, not one.
  const key = ledgerKey.adjustment(`${userId}:${requestKey}`);
  const result = await ctx.db.transaction().execute(async (trx): Promise<AdjustmentResult> => {
    // Not locked: the ledger's own statements order concurrent changes of the balance.
    const driver = await trx.selectFrom('users').select('credit_cents').where('id', '=', userId).executeTakeFirst();
    if (!driver) throw noSuchDriver();
    const outcome = amountCents > 0 ? await credit(trx, userId, key, amountCents) : await charge(trx, userId, key, -amountCents);
    if (outcome.status === 'duplicate') return { balance: await sameAdjustment(trx, key, amountCents, userId), duplicate: true };
    if (outcome.status === 'insufficient') {
      const words: Words = { key: 'api.error.deductionTooLarge', values: (language) => ({ credit: formatCents('', outcome.balance, language) }) };
      throw refusal('BP_ERR_CONFLICT', { words, errors: { amountCents: words } });
    }
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'user.credit', targetUserId: userId, subject: key, reason, before: { credit: driver.credit_cents }, after: { credit: outcome.balance, amountCents } },
      ctx.clock.now(),
    );
    return { balance: outcome.balance, duplicate: false };
  });
  // A running search holds the credit in memory: it reloads it now.
  if (!result.duplicate) ctx.search.changed(userId, 'account');
  return result;
}

/** The balance after a repeated request, or 409 when the key was used for another amount. */
async function sameAdjustment(trx: Trx, key: string, amountCents: number, userId: string): Promise<number> {
  const earlier = await trx.selectFrom('ledger_entries').select('amount_cents').where('key', '=', key).executeTakeFirstOrThrow();
  if (earlier.amount_cents !== amountCents) throw conflict('api.error.adjustmentKeyReused');
  const { credit_cents } = await trx.selectFrom('users').select('credit_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return credit_cents;
}

/** Stops the driver's search (it stays stopped until they press Start). */
export async function stopDriverSearch(ctx: AppContext, operator: AuthenticatedUser, userId: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const driver = await lockedDriver(trx, userId);
    if (!driver.searching) throw conflict('api.error.driverNotSearching');
    await trx.updateTable('users').set({ searching: false }).where('id', '=', userId).execute();
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'user.stopSearch', targetUserId: userId, reason, before: { searching: true }, after: { searching: false } },
      ctx.clock.now(),
    );
  });
  await ctx.search.stop(userId);
}

/** Suspends the account: its sessions end, its search stops, and it cannot sign in until restored. */
export async function suspendDriver(ctx: AppContext, operator: AuthenticatedUser, userId: string, reason: string): Promise<void> {
  notOnSelf(operator, userId, 'suspend');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const driver = await lockedDriver(trx, userId);
    if (driver.suspended_at) throw conflict('api.error.alreadySuspended');
    await trx.updateTable('users').set({ suspended_at: now, searching: false }).where('id', '=', userId).execute();
    await revokeUserTokens(trx, userId, now);
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'user.suspend', targetUserId: userId, reason, before: { suspended: false, searching: driver.searching }, after: { suspended: true, searching: false } },
      now,
    );
  });
  // Committed: every API process drops the driver's sessions before the operator hears it is done.
  await ctx.sessions.revokedUser(userId);
  await ctx.search.stop(userId);
}

export async function restoreDriver(ctx: AppContext, operator: AuthenticatedUser, userId: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const driver = await lockedDriver(trx, userId);
    if (!driver.suspended_at) throw conflict('api.error.notSuspended');
    await trx.updateTable('users').set({ suspended_at: null }).where('id', '=', userId).execute();
    await recordAudit(trx, actorOf(operator), { action: 'user.restore', targetUserId: userId, reason, before: { suspended: true }, after: { suspended: false } }, ctx.clock.now());
  });
}

/** Grants or revokes a role; an admin cannot change their own (there is always another to undo a mistake). */
export async function setRole(ctx: AppContext, operator: AuthenticatedUser, userId: string, role: Role, reason: string): Promise<void> {
  notOnSelf(operator, userId, 'role');
  await ctx.db.transaction().execute(async (trx) => {
    const driver = await lockedDriver(trx, userId);
    if (driver.role === role) throw conflict({ key: 'api.error.alreadyHasRole', values: { role } });
    await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
    await recordAudit(trx, actorOf(operator), { action: 'user.role', targetUserId: userId, reason, before: { role: driver.role }, after: { role } }, ctx.clock.now());
  });
}

/**
 * Gives a paid order's money back through the payments adapter (docs/OPERATIONS.md "Refunds"):
 * a top-up's credit is taken back (refused while the driver has spent it), a membership is cut
 * short by its plan's days. The order is locked while the provider is asked, and the provider's
 * refund is idempotent per order, so two clicks refund once.
 */
export async function refundOrder(ctx: AppContext, operator: AuthenticatedUser, orderId: string, reason: string) {
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!order) throw notFound('api.error.noSuchOrderToRefund');
    if (order.status === 'refunded') throw conflict('api.error.orderAlreadyRefunded');
    if (order.status !== 'paid') throw conflict('api.error.orderNotPaid');
    if (order.kind === 'topup') {
      const taken = await charge(trx, order.user_id, ledgerKey.reversal(order.id), order.amount_cents);
      if (taken.status === 'insufficient') {
        throw conflict({ key: 'api.error.topUpPartlySpent', values: (language) => ({ credit: formatCents('', taken.balance, language) }) });
      }
    } else {
      const days = planById(order.membership_plan_id ?? '')?.days ?? 0;
      await trx
        .updateTable('users')
        .set({
          membership_ends_at: sql<Date>`case when membership_ends_at is null then null else greatest(${now}::timestamptz, membership_ends_at - ${days}::int * interval '1 day') end`,
        })
        .where('id', '=', order.user_id)
        .execute();
    }
    let refundRef: string | null;
    try {
      ({ refundRef } = await ctx.payments.refund({ orderId: order.id, providerRef: order.provider_ref }));
    } catch (error) {
      ctx.log.error({ err: error, orderId }, 'the payments adapter could not refund an order');
      throw refusal('BP_ERR_SERVICE_REFUSED', { words: 'api.error.refundNotTaken' });
    }
    const row = await trx
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: now, refund_ref: refundRef })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'order.refund', targetUserId: order.user_id, subject: `order:${order.id}`, reason, before: { status: order.status }, after: { status: 'refunded', refundRef } },
      now,
    );
    return row;
  });
  ctx.search.changed(refunded.user_id, 'account');
  return orderOf(refunded);
}
