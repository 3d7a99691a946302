/**
 * How this remote writes slider values, windows and block times, on top of the app's one money
 * and date format (shared/src/format.ts), in the page's language: the ones with words or units
 * take the screen's `t` (docs/FRONTEND.md, "Languages").
 */
import {
  formatClock,
  formatDayOf,
  formatMoney,
  formatSpan,
  formatWeekday,
  localClock,
  PAY_SLIDER,
  PAY_SLIDER_UNIT,
  timeWindowKind,
  type PayType,
  type Range,
} from '@blockpilot/shared';
import type { DashboardT } from './i18n';

// Money and dates are written the same way everywhere: shared/src/format.ts.
export { formatCents, formatMoney } from '@blockpilot/shared';

/** Minutes from midnight as "h:mm AM/PM"; 1440 (the end of the day) reads 12:00 AM again. */
export function formatMinutesOfDay(minutes: number): string {
  return formatClock({ hours: Math.floor(minutes / 60) % 24, minutes: minutes % 60 });
}

/**
 * A filter's start-time window: "6:00 AM – 10:00 PM"; across midnight "10:00 PM – 2:00 AM
 * (overnight)"; `[0, 1440]` "All day"; equal ends (which take nothing) "Empty window".
 */
export function formatTimeWindow(t: DashboardT, time: Range): string {
  const kind = timeWindowKind(time);
  if (kind === 'allDay') return t('filter.time.allDay');
  if (kind === 'empty') return t('filter.time.empty');
  const ends = { from: formatMinutesOfDay(time[0]), to: formatMinutesOfDay(time[1]) };
  return t(kind === 'overnight' ? 'filter.time.windowOvernight' : 'filter.time.window', ends);
}

/** A local time as "h:mm AM/PM". */
export function formatTime(date: Date): string {
  return formatClock(localClock(date));
}

/** A local time as "hh:mm AM/PM", the form of the filter's "Saved @" line. */
export function formatSavedAt(date: Date): string {
  return formatClock(localClock(date), true);
}

/** A local day as "Mon, Jan 6". */
export function formatDay(date: Date): string {
  return formatDayOf(localClock(date));
}

/**
 * The clock times of a block (epoch seconds), local: "6:00 AM – 10:00 AM", with the end's weekday
 * when it runs past midnight: "10:00 PM – 1:00 AM (Tue)".
 */
export function formatTimeRange(startSeconds: number, endSeconds: number): string {
  const start = new Date(startSeconds * 1000);
  const end = new Date(endSeconds * 1000);
  const nextDay = start.toDateString() === end.toDateString() ? '' : ` (${formatWeekday(end.getDay())})`;
  return `${formatTime(start)} – ${formatTime(end)}${nextDay}`;
}

/** A block's start and end (epoch seconds) in local time: shared/src/format.ts's span. */
export function formatBlockTime(startSeconds: number, endSeconds: number): string {
  return formatSpan(localClock(new Date(startSeconds * 1000)), localClock(new Date(endSeconds * 1000)));
}

/**
 * A pay slider position in currency: the position x 3.00 (docs/PRODUCT.md section 10); the top position means
 * "no upper limit", so it reads "300.00+". Pay counted per hour reads "/h": "$30.00/h".
 */
export function formatPay(t: DashboardT, symbol: string, position: number, payType: PayType = 'PER_BLOCK'): string {
  const amount = formatMoney(symbol, position * PAY_SLIDER_UNIT);
  const text = payType === 'PER_HOUR' ? t('units.perHour', { amount }) : amount;
  return position >= PAY_SLIDER.max ? t('units.openEnded', { amount: text }) : text;
}

/** Hours of a block's length: 2 -> "2 h", 2.5 -> "2.5 h". */
export function formatHours(t: DashboardT, hours: number): string {
  return t('units.hours', { hours });
}

/** Minutes: 30 -> "30 min". */
export function formatMinutes(t: DashboardT, minutes: number): string {
  return t('units.minutes', { minutes });
}
