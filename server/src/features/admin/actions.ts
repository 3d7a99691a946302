/**
 * What an operator does to a driver's account (docs/OPERATIONS.md "Drivers"): stop a search,
 * suspend and restore, grant and revoke roles, refund an order (credit adjustments:
 * creditAdjustments.ts). Each takes a reason and writes its audit entry in the same transaction
 * as the change.
 */
import { sql, type Transaction } from 'kysely';
import type { Role } from '@blockpilot/shared/constants';
import { formatCents } from '@blockpilot/shared/format';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { conflict, notFound, refusal } from '../../domain/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { revokeUserTokens } from '../auth/tokens.js';
import { charge, ledgerKey } from '../../domain/ledger.js';
import { planById } from '../store/plans.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { currencySymbolOf, orderOf } from './drivers.js';
import { keepAnotherAdmin, lockActiveAdmins } from './lastAdmin.js';

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
    const activeAdmins = await lockActiveAdmins(trx);
    const driver = await lockedDriver(trx, userId);
    if (driver.suspended_at) throw conflict('api.error.alreadySuspended');
    keepAnotherAdmin(activeAdmins, userId);
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

/**
 * Grants or revokes a role; an admin cannot change their own (there is always another to undo a
 * mistake), nor take away the last active admin. The console's decision is recorded
 * (`role_granted_by`), so ADMIN_EMAILS never overrides it (adminEmails.ts).
 */
export async function setRole(ctx: AppContext, operator: AuthenticatedUser, userId: string, role: Role, reason: string): Promise<void> {
  notOnSelf(operator, userId, 'role');
  await ctx.db.transaction().execute(async (trx) => {
    const activeAdmins = await lockActiveAdmins(trx);
    const driver = await lockedDriver(trx, userId);
    if (driver.role === role) throw conflict({ key: 'api.error.alreadyHasRole', values: { role } });
    if (role !== 'admin') keepAnotherAdmin(activeAdmins, userId);
    await trx.updateTable('users').set({ role, role_granted_by: 'console' }).where('id', '=', userId).execute();
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
        const currencySymbol = await currencySymbolOf(trx, order.user_id);
        throw conflict({ key: 'api.error.topUpPartlySpent', values: (language) => ({ credit: formatCents(currencySymbol, taken.balance, language) }) });
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
