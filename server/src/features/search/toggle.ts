/**
 * Start and Stop (docs/PRODUCT.md section 2): toggleSearchState sets the driver's search to the state the
 * driver asked for (`searching`), or flips it when the request does not say (docs/LIVE.md "Start
 * and Stop"): a Stop pressed on a screen that was out of date never starts the search. Starting needs
 * a connected account, an enabled filter naming a service area, and a way to pay fees (credit, or
 * a trial or membership); otherwise it is refused with an alert saying what is missing. The time
 * zone sent with it is the one filters are matched in: the IANA zone when the browser names one
 * (daylight-saving changes followed), else its fixed offset. Starting clears a pending puzzle: the
 * driver says they solved it (if not, the platform asks again and the search pauses again).
 * Starting with only stations the platform account may not work is refused, saying so. Every
 * change is told to the driver's open devices at once.
 */
import type { AppContext } from '../../context.js';
import { canPayFees, feeStateOf } from '../../engine/fees.js';
import { canonicalTimeZone, compileFilters } from '../../engine/matcher.js';
import { conflict, validationError } from '../../domain/errors.js';
import type { MessageKey } from '../../domain/translate.js';
import { notConnected } from '../platform/errors.js';
import { filtersOf } from '../../domain/filters.js';
import { noEligibleSelected } from './status.js';

/** The search state after the toggle, and what to tell the driver. */
export interface ToggleResult {
  searching: boolean;
  /** The words of the alert (catalog key). */
  alert: MessageKey;
}

/** Start refused: nothing could match. */
export const NO_FILTER = 'api.error.searchNoFilter';
/** Start refused: no station of the filter is one the account may work. */
export const NO_ELIGIBLE_STATION = 'api.error.searchNoEligibleStation';
/** Start refused: no fee could be paid. */
export const NO_FEE_PAYABLE = 'api.error.searchNoFeePayable';

/** The driver's zone as sent with Start: the browser's offset and, when it names one, its IANA zone. */
export interface DriverZone {
  /** Minutes to add to local time to get UTC (`Date.getTimezoneOffset()`). */
  timezoneOffset: number;
  /** Canonical IANA name; absent when the browser sent none. */
  timeZone?: string | undefined;
}

/** The canonical name of the zone sent, or a 400 under `timeZone` when the server does not know it. */
export function checkedTimeZone(timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return undefined;
  const canonical = canonicalTimeZone(timeZone);
  if (canonical === null) throw validationError({ timeZone: 'api.field.unknownTimeZone' });
  return canonical;
}

/** The credit guard's pause and what it skipped end with every Start and Stop. */
const NOT_PAUSED = { search_paused_for: null, missed_offers: 0, missed_value_cents: 0 } as const;

/**
 * Sets the search to `wanted` (undefined: the opposite of what it is). Asking for the state it is
 * already in changes nothing and says so; a Start the driver cannot make throws the 409 saying
 * what is missing.
 */
export async function toggleSearch(ctx: AppContext, userId: string, { timezoneOffset, timeZone }: DriverZone, wanted?: boolean): Promise<ToggleResult> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['searching', 'flex_connected', 'puzzle_required', 'credit_cents', 'trial_ends_at', 'membership_ends_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const start = wanted ?? !user.searching;
  if (!start) {
    if (!user.searching) return { searching: false, alert: 'api.alert.searchAlreadyStopped' };
    await ctx.db
      .updateTable('users')
      .set({ searching: false, ...NOT_PAUSED })
      .where('id', '=', userId)
      .execute();
    await ctx.search.stop(userId);
    ctx.live.publish(userId, { type: 'search' });
    return { searching: false, alert: 'api.alert.searchStopped' };
  }
  if (user.searching) return { searching: true, alert: 'api.alert.searchAlreadyRunning' };
  if (!user.flex_connected) throw notConnected();
  const compiled = compileFilters(await filtersOf(ctx.db, userId), timezoneOffset, timeZone);
  if (compiled.enabledCount === 0 || compiled.serviceAreaIds.length === 0) throw conflict(NO_FILTER);
  if (await noEligibleSelected(ctx.db, userId, new Set(compiled.serviceAreaIds))) throw conflict(NO_ELIGIBLE_STATION);
  if (!canPayFees(feeStateOf(user), ctx.clock.now().getTime())) throw conflict(NO_FEE_PAYABLE);
  // A Start without a zone (an older page) clears the stored one: the offset it sent is the newer word.
  await ctx.db
    .updateTable('users')
    .set({ searching: true, timezone_offset: timezoneOffset, time_zone: timeZone ?? null, puzzle_required: false, ...NOT_PAUSED })
    .where('id', '=', userId)
    .execute();
  ctx.search.start(userId);
  ctx.live.publish(userId, { type: 'search' });
  // The cleared puzzle is part of the account: every other open device reloads it, so its puzzle
  // notice goes with the Start that cleared it (docs/LIVE.md "Puzzle pause").
  if (user.puzzle_required) ctx.live.publish(userId, { type: 'account' });
  return { searching: true, alert: 'api.alert.searchStarted' };
}
