/**
 * A write changed the driver's credit or fee-free period (a top-up, a refund, a trial, a
 * membership): the running search reloads it (docs/ENGINE.md "The live path"), which also ends a
 * credit pause (docs/LIVE.md "Credit guard"), and every open device shows the new credit.
 */
import type { AppContext } from '../../context.js';

export function accountChanged(ctx: Pick<AppContext, 'search' | 'live'>, userId: string): void {
  ctx.search.changed(userId, 'account');
  ctx.live.publish(userId, { type: 'account' });
}
