/**
 * Start and Stop (SPEC.md section 2): toggleSearchState flips the driver's search. Starting needs
 * a connected account, an enabled filter naming a service area, and a way to pay fees (credit, or
 * a trial or membership); otherwise it is refused with an alert saying what is missing. The time
 * zone sent with it is the one filters are matched in. Starting clears a pending puzzle: the
 * driver says they solved it (if not, the platform asks again and the search pauses again).
 */
import type { AppContext } from '../../context.js';
import { canPayFees, feeStateOf } from '../../engine/fees.js';
import { compileFilters } from '../../engine/matcher.js';
import { conflict } from '../../http/errors.js';
import { notConnected } from '../platform/errors.js';
import { filtersOf } from '../user/filters.js';

/** The search state after the toggle, and what to tell the driver. */
export interface ToggleResult {
  searching: boolean;
  alert: string;
}

/** Start refused: nothing could match. */
export const NO_FILTER = 'Enable a filter and choose at least one service area in it before starting.';
/** Start refused: no fee could be paid. */
export const NO_FEE_PAYABLE = 'Your credit is used up. Top up your credit, or start your free trial, to start searching.';

/** Stops a running search, or starts one when the driver can search; throws the 409 saying what is missing. */
export async function toggleSearch(ctx: AppContext, userId: string, timezoneOffset: number): Promise<ToggleResult> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['searching', 'flex_connected', 'credit_cents', 'trial_ends_at', 'membership_ends_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.searching) {
    await ctx.db.updateTable('users').set({ searching: false }).where('id', '=', userId).execute();
    await ctx.search.stop(userId);
    return { searching: false, alert: 'Searching stopped.' };
  }
  if (!user.flex_connected) throw notConnected();
  const compiled = compileFilters(await filtersOf(ctx.db, userId), timezoneOffset);
  if (compiled.enabledCount === 0 || compiled.serviceAreaIds.length === 0) throw conflict(NO_FILTER);
  if (!canPayFees(feeStateOf(user), ctx.clock.now().getTime())) throw conflict(NO_FEE_PAYABLE);
  await ctx.db.updateTable('users').set({ searching: true, timezone_offset: timezoneOffset, puzzle_required: false }).where('id', '=', userId).execute();
  ctx.search.start(userId);
  return { searching: true, alert: 'Searching started. Accepted and ignored offers appear in your log.' };
}
