/**
 * forfeitBlock (docs/PRODUCT.md sections 4 and 9): the driver gives an accepted block back through the
 * product. Only their own BLOCK_ACCEPT entry, only inside the window (not started, and more than
 * 45 minutes before its start or discovered less than 5 minutes ago). The platform's forfeit
 * comes first; only when it succeeded are the entry taken out of the log and exactly its fee
 * refunded, in one transaction, once (the refund key refund:<log id>). Any refusal is a 4xx
 * saying why, and nothing changes.
 */
import type { PlatformFailure } from '../../adapters/platform/types.js';
import type { AppContext } from '../../context.js';
import { forfeitAllowed } from '../../engine/forfeitWindow.js';
import { DomainError, conflict, notFound, refusal } from '../../domain/errors.js';
import type { UserRow } from '../auth/tokens.js';
import { ledgerKey, refund } from '../../domain/ledger.js';
import { markDisconnected } from '../../domain/platformAccounts.js';
import { accountSession, requireDriverAction } from '../platform/access.js';
import { forgetSchedule } from '../../domain/scheduleCache.js';
import { accountChanged } from '../search/changes.js';

/** Forfeit refused: outside the window. */
export const WINDOW_CLOSED = 'api.error.forfeitWindowClosed';

/** Forfeit refused: the block was forfeited before, maybe on another device; 410 says the entry is gone from the log. */
export const alreadyForfeited = () => refusal('BP_ERR_ALREADY_FORFEITED');

/** The 4xx for a forfeit the platform did not do. */
async function platformRefusal(ctx: AppContext, userId: string, failure: PlatformFailure): Promise<DomainError> {
  switch (failure.kind) {
    case 'notFound':
      return conflict('api.error.forfeitNoSuchBlock');
    case 'unauthorized':
    case 'deviceDeregistered':
      await markDisconnected(ctx.db, userId);
      await ctx.search.stop(userId);
      return refusal('BP_ERR_PLATFORM_RECONNECT', { words: 'api.error.forfeitReconnect' });
    case 'throttled':
      return refusal('BP_ERR_PLATFORM_THROTTLED');
    default:
      ctx.log.warn({ userId, failure }, 'platform forfeit failed');
      return conflict('api.error.forfeitNotDone');
  }
}

/** Forfeits the entry's block; resolves to the cents refunded. */
export async function forfeitBlock(ctx: AppContext, user: UserRow, logId: string): Promise<number> {
  const entry = await ctx.db
    .selectFrom('offer_logs')
    .select(['id', 'action', 'start_time', 'discovered_at', 'cost_cents'])
    .where('id', '=', logId)
    .select('forfeited_at')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!entry) throw notFound('api.error.noSuchLogEntry');
  // Forfeited already (another device, another tab): the screen drops the entry (docs/LIVE.md "Forfeits").
  if (entry.forfeited_at) throw alreadyForfeited();
  if (entry.action !== 'BLOCK_ACCEPT') throw conflict('api.error.forfeitOnlyAccepted');
  if (!forfeitAllowed({ startTime: entry.start_time, discoveredAt: entry.discovered_at.getTime() }, ctx.clock.now().getTime())) throw conflict(WINDOW_CLOSED);

  const { account, session } = await accountSession(ctx, user);
  await requireDriverAction(ctx, account, 'forfeit');
  const done = await session.forfeit(entry.start_time);
  if (!done.ok) throw await platformRefusal(ctx, user.id, done);

  const refunded = await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('offer_logs')
      .set({ forfeited_at: ctx.clock.now() })
      .where('id', '=', entry.id)
      .where('forfeited_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // A second forfeit of the same entry racing this one: the first refunds, this one does nothing.
    if (!removed) return 0;
    const outcome = await refund(trx, user.id, ledgerKey.fee(entry.id), ledgerKey.refund(entry.id));
    // The fee entry holds what was charged, which is the entry's cost.
    return outcome.status === 'applied' ? entry.cost_cents : 0;
  });
  await forgetSchedule(ctx.db, user.id);
  // The block left the driver's schedule: a running search may now take blocks at that time, and
  // spend the refunded fee.
  ctx.search.changed(user.id, 'schedule');
  ctx.live.publish(user.id, { type: 'logRemoved', id: entry.id });
  if (refunded > 0) accountChanged(ctx, user.id);
  return refunded;
}
