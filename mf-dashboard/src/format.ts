/**
 * How this remote writes slider values, windows and block times, on top of the app's one money
 * and date format (shared/src/format.ts).
 */
import {
  formatClock,
  formatDayOf,
  formatMoney,
  formatSpan,
  localClock,
  PAY_SLIDER,
  PAY_SLIDER_UNIT,
  timeWindowKind,
  WEEKDAY_NAMES,
  type PayType,
  type Range,
} from '@blockpilot/shared';

// Money and dates are written the same way everywhere: shared/src/format.ts.
export { formatCents, formatMoney, WEEKDAY_NAMES } from '@blockpilot/shared';

/** Minutes from midnight as "h:mm AM/PM"; 1440 (the end of the day) reads 12:00 AM again. */
export function formatMinutesOfDay(minutes: number): string {
  return formatClock({ hours: Math.floor(minutes / 60) % 24, minutes: minutes % 60 });
}

/**
 * A filter's start-time window: "6:00 AM – 10:00 PM"; across midnight "10:00 PM – 2:00 AM
 * (overnight)"; `[0, 1440]` "All day"; equal ends (which take nothing) "Empty window".
 */
export function formatTimeWindow(time: Range): string {
  const kind = timeWindowKind(time);
  if (kind === 'allDay') return 'All day';
  if (kind === 'empty') return 'Empty window';
  const text = `${formatMinutesOfDay(time[0])} – ${formatMinutesOfDay(time[1])}`;
  return kind === 'overnight' ? `${text} (overnight)` : text;
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
  const nextDay = start.toDateString() === end.toDateString() ? '' : ` (${WEEKDAY_NAMES[end.getDay()]})`;
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
export function formatPay(symbol: string, position: number, payType: PayType = 'PER_BLOCK'): string {
  const text = `${formatMoney(symbol, position * PAY_SLIDER_UNIT)}${payType === 'PER_HOUR' ? '/h' : ''}`;
  return position >= PAY_SLIDER.max ? `${text}+` : text;
}

/** Hours of a block's length: 2 -> "2 h", 2.5 -> "2.5 h". */
export function formatHours(hours: number): string {
  return `${hours} h`;
}

/** Minutes: 30 -> "30 min". */
export function formatMinutes(minutes: number): string {
  return `${minutes} min`;
}
